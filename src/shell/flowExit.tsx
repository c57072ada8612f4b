/**
 * Leaving a flow by a shell link. While a flow (the member flow) claims exits,
 * the footer's links do not navigate: the flow is told where the person wanted
 * to go and shows its Cancel Request modal; if the person confirms, the flow
 * navigates there itself. Without a claim the links navigate as usual.
 */
import { createContext, useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

type ExitHandler = (to: string) => void;

interface ExitClaims {
  claim(handler: ExitHandler): () => void;
  current(): ExitHandler | null;
}

const ExitContext = createContext<ExitClaims>({ claim: () => () => undefined, current: () => null });

export function FlowExitProvider({ children }: { children: ReactNode }) {
  const [claims] = useState<ExitClaims>(() => {
    let handler: ExitHandler | null = null;
    return {
      claim(next) {
        handler = next;
        return () => {
          if (handler === next) handler = null;
        };
      },
      current: () => handler,
    };
  });
  return <ExitContext.Provider value={claims}>{children}</ExitContext.Provider>;
}

/** For a flow: while mounted and `active`, shell links call `onExit(to)` instead of navigating. */
export function useClaimFlowExits(onExit: ExitHandler, active = true): void {
  const claims = useContext(ExitContext);
  const latest = useRef(onExit);
  useEffect(() => {
    latest.current = onExit;
  });
  useEffect(() => (active ? claims.claim((to) => latest.current(to)) : undefined), [active, claims]);
}

/** For shell links: an onClick that hands the exit to the claiming flow, if any. */
export function useFlowExitClick(): (to: string) => (event: MouseEvent) => void {
  const claims = useContext(ExitContext);
  return (to) => (event) => {
    const handler = claims.current();
    if (!handler || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    handler(to);
  };
}
