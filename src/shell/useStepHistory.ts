/**
 * The browser's Back and Forward walk a flow's steps. The decisions are in
 * stepTrail.ts; this hook applies them to the router's history and tells the flow's machine.
 *
 * - While `active`, every step the flow shows has its own entry of the page's URL; the entry's
 *   state holds the flow's id, its position and the step's name only (no personal data: that
 *   stays in the machine and in the tab's resumable snapshot).
 * - Back and Forward send the flow `back()` / `forward()`; where the flow went decides the entry.
 * - While the flow sends a request (`holds`), Back and Forward are undone: the page stays, and the
 *   request's answer shows as usual (a request half sent must never be sent twice, or lost).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { held, moved, popped, startTrail, type HistoryMove, type StepEntryState, type StepTrail } from './stepTrail.ts';

export interface StepHistoryOptions {
  /** The history state's key for this flow's entries. */
  key: string;
  /** The step shown now. */
  step: string;
  /** The flow keeps entries: the member is past its first page and in the flow. */
  active: boolean;
  /** The flow's step, read at once (after `back()` or `forward()`). */
  stepNow: () => string;
  back: () => void;
  forward: () => void;
  /** A request is being sent: Back and Forward wait. */
  holds: () => boolean;
}

function entryIn(state: unknown, key: string): StepEntryState | null {
  const entry = (state as Record<string, unknown> | null)?.[key] as StepEntryState | undefined;
  return entry && typeof entry.flow === 'string' && typeof entry.pos === 'number' ? entry : null;
}

const newFlowId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : String(Math.random()).slice(2));

export function useStepHistory(options: StepHistoryOptions): void {
  const { history } = useRouter();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // A flow that comes back onto its own entry (Forward, a reload) keeps the id those entries carry.
  const [flow] = useState(() => entryIn(history.location.state, options.key)?.flow ?? newFlowId());
  const trail = useRef<StepTrail | null>(null);
  /** The position a silent move is going to: its popstate is ours, not the member's. */
  const expected = useRef<number | null>(null);

  const apply = (move: HistoryMove) => {
    const { key } = latest.current;
    const href = history.location.href;
    switch (move.kind) {
      case 'none':
        return;
      case 'push':
        history.push(href, { [key]: move.entry } as never);
        return;
      case 'replace':
        history.replace(href, { ...history.location.state, [key]: move.entry } as never);
        return;
      case 'go':
        expected.current = move.to;
        history.go(move.delta);
        return;
      case 'leave':
        history.replace(href, { ...history.location.state, [key]: move.entry } as never);
        // The entry is written before the browser leaves it (the router writes on a microtask).
        history.flush();
        history.go(move.delta);
        return;
    }
  };

  const { step, active, key } = options;
  useEffect(() => {
    if (!active) {
      trail.current = null;
      return;
    }
    if (!trail.current) {
      // The entry the flow is on becomes its first (the page before it is where Back leaves to).
      const current = entryIn(history.location.state, key);
      trail.current = startTrail(flow, step, current);
      if (!current || current.flow !== flow || current.step !== step) {
        apply({ kind: 'replace', entry: { flow, pos: trail.current.pos, step } });
      }
      return;
    }
    const [next, move] = moved(trail.current, step);
    trail.current = next;
    apply(move);
    // apply reads only refs and the router's history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, step, key, flow, history]);

  useEffect(
    () =>
      history.subscribe(({ location, action }) => {
        if (action.type === 'PUSH' || action.type === 'REPLACE') return;
        const now = trail.current;
        const landed = entryIn(location.state, latest.current.key);
        if (!now || !landed || landed.flow !== now.flow) return;
        if (expected.current === landed.pos) {
          expected.current = null;
          return;
        }
        expected.current = null;
        if (landed.pos === now.pos) return;
        const o = latest.current;
        if (o.holds()) {
          apply(held(now, landed.pos));
          return;
        }
        const before = o.stepNow();
        if (landed.pos < now.pos) o.back();
        else o.forward();
        const [next, move] = popped(now, landed.pos, before, o.stepNow());
        trail.current = next;
        apply(move);
      }),
    // apply reads only refs and the router's history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [history],
  );
}
