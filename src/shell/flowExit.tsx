/**
 * Leaving a flow by a shell link. While a flow (the member flow) claims exits,
 * the footer's links do not navigate: the flow is told where the person wanted
 * to go and shows its Cancel Request modal; if the person confirms, the flow
 * navigates there itself. Without a claim the links navigate as usual.
 */
import { createContext, useContext, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

type ExitHandler = (to: string) => void;

const ExitContext = createContext<{ current: ExitHandler | null }>({ current: null });

export function FlowExitProvider({ children }: { children: ReactNode }) {
  const handler = useRef<ExitHandler | null>(null);
  return <ExitContext.Provider value={handler}>{children}</ExitContext.Provider>;
}

/** For a flow: while mounted and `active`, shell links call `onExit(to)` instead of navigating. */
export function useClaimFlowExits(onExit: ExitHandler, active = true): void {
  const handler = useContext(ExitContext);
  const latest = useRef(onExit);
  useEffect(() => {
    latest.current = onExit;
  });
  useEffect(() => {
    if (!active) return;
    const claim: ExitHandler = (to) => latest.current(to);
    handler.current = claim;
    return () => {
      if (handler.current === claim) handler.current = null;
    };
  }, [active, handler]);
}

/** For shell links: an onClick that hands the exit to the claiming flow, if any. */
export function useFlowExitClick(): (to: string) => (event: MouseEvent) => void {
  const handler = useContext(ExitContext);
  return (to) => (event) => {
    const claim = handler.current;
    if (!claim || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    claim(to);
  };
}
