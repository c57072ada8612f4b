/**
 * The Stately inspector, live, for a developer: with `npm run dev`, adding
 * `?inspect` to a flow's URL opens https://stately.ai/inspect in a new window
 * (it needs a network) and streams the running flow's machines to it.
 *
 * Never in a production build: main.tsx imports this module only when
 * `import.meta.env.DEV`, which is false there, so neither it nor the library
 * is in the bundle (the flows hold only inspectFlow.ts, a few lines).
 *
 * Never personal data: the inspector receives the machines' definitions (the
 * code's statecharts) and, for every actor, its state names and status and
 * the types of the events it takes. Contexts, event payloads, actors' input,
 * output and errors (member details, gateway answers) never leave the page:
 * `redact` rebuilds each inspection event from those fields only.
 */
import type { StatelyInspectionEvent } from '@statelyai/inspect';
import { connectInspector } from './inspectFlow.ts';

/** An inspection event with nothing but its routing, the state names and the event type. */
export function redact(e: StatelyInspectionEvent): StatelyInspectionEvent {
  const base = { type: e.type, sessionId: e.sessionId, rootId: e.rootId, id: e.id, createdAt: e.createdAt, _version: e._version };
  const snapshot = (s: { status?: unknown; value?: unknown } | undefined) => ({ status: s?.status, value: s?.value });
  const event = (ev: { type?: unknown } | undefined) => ({ type: typeof ev?.type === 'string' ? ev.type : '' });
  if (e.type === '@xstate.actor') return { ...base, type: e.type, name: e.name, parentId: e.parentId, definition: e.definition, snapshot: snapshot(e.snapshot) } as StatelyInspectionEvent;
  if (e.type === '@xstate.event') return { ...base, type: e.type, sourceId: e.sourceId, event: event(e.event) } as StatelyInspectionEvent;
  return { ...base, type: e.type, event: event(e.event), snapshot: snapshot(e.snapshot as { status?: unknown; value?: unknown }) } as unknown as StatelyInspectionEvent;
}

/** The inspector's options: every event redacted; contexts and payloads emptied before that too. */
export const INSPECTOR_OPTIONS = {
  sanitizeContext: () => ({}),
  sanitizeEvent: (ev: { type: string }) => ({ type: ev.type }),
  serialize: redact,
};

/** Starts the inspector when the page's URL asks for it (main.tsx loads this module in development only, before the first render). */
export async function startInspector(search: string): Promise<void> {
  if (!new URLSearchParams(search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  connectInspector(createBrowserInspector(INSPECTOR_OPTIONS).inspect);
}
