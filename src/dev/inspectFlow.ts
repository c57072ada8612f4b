/**
 * The flows' side of the live inspector (inspector.ts): the observer the
 * inspector gives, when a developer turned it on, and the `inspect` option
 * each flow's root actor takes. In a production build nothing connects, and
 * the option is the flow's own observer or none.
 */
import type { InspectionEvent, Observer } from 'xstate';

let live: Observer<InspectionEvent> | undefined;

export function connectInspector(observer: Observer<InspectionEvent>) {
  live = observer;
}

/**
 * The `inspect` option of a flow's root actor: its own observer (if any) and
 * the inspector's when it is on. The children a machine invokes report
 * through their root, so the root's option covers the whole flow.
 */
export function inspectFlow(own?: (event: InspectionEvent) => void): ((event: InspectionEvent) => void) | undefined {
  const inspector = live;
  if (!own && !inspector) return undefined;
  return (event) => {
    own?.(event);
    inspector?.next?.(event);
  };
}

/** Hands an inspection event to the inspector, when it is on (for a flow with an observer of its own). */
export function toInspector(event: InspectionEvent) {
  live?.next?.(event);
}
