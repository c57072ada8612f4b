/**
 * The browser's Back and Forward over a flow's steps, as pure decisions. A flow's
 * steps share one URL: each step the member reaches is a history entry of that URL whose state
 * names the flow (a random id, never personal data), the entry's position in the flow and the
 * step's name. The steps' data stays in the flow's machine (and the tab's resumable snapshot).
 *
 * The trail is what this page knows of those entries: the step each position showed. The machine
 * decides where Back and Forward lead (Back may skip a step that has nothing left to ask); the trail
 * then puts the browser on the entry of the step shown, so that every press of Back or Forward moves.
 * src/shell/useStepHistory.ts applies these decisions to the router's history.
 */

export interface StepEntryState {
  /** The flow instance that made the entry. */
  flow: string;
  /** Position in the flow's entries, from 0. */
  pos: number;
  /** The step it shows. */
  step: string;
}

export interface StepTrail {
  flow: string;
  /** The step at each position (undefined where this page does not know it, after a reload). */
  steps: (string | undefined)[];
  pos: number;
}

/** What to do to the browser's history. */
export type HistoryMove =
  /** Nothing: the entry already shows the step. */
  | { kind: 'none' }
  /** A new entry for a step reached by the page's own Next. */
  | { kind: 'push'; entry: StepEntryState }
  /** Go to the entry that already shows the step (a silent move: its popstate is not a press). */
  | { kind: 'go'; delta: number; to: number }
  /** This entry shows another step from now on. */
  | { kind: 'replace'; entry: StepEntryState }
  /** Back from the flow's first step: leave it, to the entry before the flow's first, as any page would. */
  | { kind: 'leave'; delta: number; entry: StepEntryState };

export function startTrail(flow: string, step: string, current?: StepEntryState | null): StepTrail {
  // A flow coming back (Forward onto its entry, or a reload) knows only the entry it is on.
  if (current && current.flow === flow) {
    const steps: (string | undefined)[] = [];
    steps[current.pos] = step;
    return { flow, steps, pos: current.pos };
  }
  return { flow, steps: [step], pos: 0 };
}

const entryOf = (trail: StepTrail, pos: number, step: string): StepEntryState => ({ flow: trail.flow, pos, step });

/** The position nearest `from` whose entry shows `step`, if any. */
function nearest(trail: StepTrail, step: string, from: number): number | null {
  let best: number | null = null;
  trail.steps.forEach((s, i) => {
    if (s === step && (best === null || Math.abs(i - from) < Math.abs(best - from))) best = i;
  });
  return best;
}

/**
 * The flow moved by itself or by the page's buttons (Next, the page's Back) to `step`. A step
 * before this one is returned to on its own entry (so that Back then goes where it did before);
 * a step ahead gets a new entry, which drops any Forward entries, as a link would.
 */
export function moved(trail: StepTrail, step: string): [StepTrail, HistoryMove] {
  if (trail.steps[trail.pos] === step) return [trail, { kind: 'none' }];
  const earlier = trail.steps.slice(0, trail.pos).lastIndexOf(step);
  if (earlier >= 0) return [{ ...trail, pos: earlier }, { kind: 'go', delta: earlier - trail.pos, to: earlier }];
  const pos = trail.pos + 1;
  return [{ ...trail, steps: [...trail.steps.slice(0, pos), step], pos }, { kind: 'push', entry: entryOf(trail, pos, step) }];
}

/**
 * The browser went to entry `landed` of this flow (Back or Forward, or a jump in its history list).
 * The flow was told (back or forward) and now shows `step`; `before` is the step it showed.
 */
export function popped(trail: StepTrail, landed: number, before: string, step: string): [StepTrail, HistoryMove] {
  const back = landed < trail.pos;
  if (step === before) {
    // Forward the flow refused (the page says what is missing): the browser goes back to where the member is.
    if (!back) return [trail, { kind: 'go', delta: trail.pos - landed, to: trail.pos }];
    // Back from the first step the flow can go back to: the flow is left, from its first entry.
    const steps = [...trail.steps];
    steps[landed] = step;
    return [{ ...trail, steps, pos: landed }, { kind: 'leave', delta: -(landed + 1), entry: entryOf(trail, landed, step) }];
  }
  if (trail.steps[landed] === step) return [{ ...trail, pos: landed }, { kind: 'none' }];
  const known = nearest(trail, step, landed);
  if (known !== null && (back ? known < landed : known > landed)) return [{ ...trail, pos: known }, { kind: 'go', delta: known - landed, to: known }];
  const steps = [...trail.steps];
  steps[landed] = step;
  return [{ ...trail, steps, pos: landed }, { kind: 'replace', entry: entryOf(trail, landed, step) }];
}

/** A press of Back or Forward while the flow sends a request: the browser goes back to the entry the member is on. */
export function held(trail: StepTrail, landed: number): HistoryMove {
  return { kind: 'go', delta: trail.pos - landed, to: trail.pos };
}
