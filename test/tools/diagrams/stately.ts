/**
 * A machine's config in the form the Stately visualiser imports: a
 * `createMachine({...})` call (Stately Studio: Code, then Import), rebuilt
 * from the real machine's definition with its guards, actions, actors and
 * delays by name (their code stays in machines/). Each invoked actor carries
 * its done and error transitions, delayed transitions go under `after`,
 * eventless ones under `always`; targets are absolute ('#registration.done').
 * XState's built-in actions keep their kind ('assign', 'raise',
 * 'enqueueActions'); a transition's inline guard would show as 'inline'
 * (the machines name theirs in `setup()`).
 */
import type { AnyStateMachine } from 'xstate';
import { guardName, srcName } from './statechart.ts';

interface NodeLike {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial?: { target?: { key: string }[] };
  tags: string[];
  description?: string;
  entry: unknown[];
  exit: unknown[];
  invoke: { id: string; src: unknown }[];
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: { delay: string | number; eventType: string }[];
  states: Record<string, NodeLike>;
}
interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: { id: string }[];
  actions: unknown[];
  reenter?: boolean;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** An action's name: a named one, or the kind of a built-in one. */
function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return 'inline';
  return type.startsWith('xstate.') ? type.slice('xstate.'.length) : type;
}

function transitionConfig(t: TransitionLike): Json {
  const out: { [key: string]: Json } = {};
  if (t.target?.length) out.target = t.target.length === 1 ? `#${t.target[0]!.id}` : t.target.map((n) => `#${n.id}`);
  const guard = guardName(t.guard);
  if (guard) out.guard = guard;
  const actions = t.actions.map(actionName).filter((a): a is string => a !== null);
  if (actions.length) out.actions = actions;
  if (t.reenter) out.reenter = true;
  return out;
}

/** Entry and exit actions, less the ones XState adds for delayed transitions (their raise and cancel). */
const ownActions = (actions: unknown[]) =>
  actions.filter((a) => !((a as { type?: string }).type === 'xstate.raise' && (a as { delay?: unknown }).delay !== undefined) && (a as { type?: string }).type !== 'xstate.cancel').map(actionName).filter((a): a is string => a !== null);

function stateConfig(n: NodeLike): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (n.type === 'parallel' || n.type === 'final' || n.type === 'history') out.type = n.type;
  if (n.type === 'compound' && n.initial?.target?.[0]) out.initial = n.initial.target[0].key;
  if (n.description) out.description = n.description;
  if (n.tags.length) out.tags = [...n.tags];
  const entry = ownActions(n.entry);
  if (entry.length) out.entry = entry;
  const exit = ownActions(n.exit);
  if (exit.length) out.exit = exit;
  const all = [...n.transitions.entries()];
  const actorEvent = (type: string, kind: 'done' | 'error', id: string) => type === `xstate.${kind}.actor.${id}`;
  if (n.invoke.length) {
    out.invoke = n.invoke.map((i) => {
      const invoke: { [key: string]: Json } = { id: i.id, src: srcName(i.src) };
      for (const kind of ['done', 'error'] as const) {
        const ts = all.find(([type]) => actorEvent(type, kind, i.id))?.[1];
        if (ts?.length) invoke[kind === 'done' ? 'onDone' : 'onError'] = ts.map(transitionConfig);
      }
      return invoke;
    });
  }
  const delayed = new Set(n.after.map((a) => a.eventType));
  if (delayed.size) {
    const after: { [key: string]: Json } = {};
    for (const a of n.after) after[String(a.delay)] = (n.transitions.get(a.eventType) ?? []).map(transitionConfig);
    out.after = after;
  }
  const on: { [key: string]: Json } = {};
  for (const [type, ts] of all) {
    if (delayed.has(type) || n.invoke.some((i) => actorEvent(type, 'done', i.id) || actorEvent(type, 'error', i.id))) continue;
    on[type] = ts.map(transitionConfig);
  }
  if (Object.keys(on).length) out.on = on;
  if (n.always?.length) out.always = n.always.map(transitionConfig);
  const children = Object.values(n.states);
  if (children.length) out.states = Object.fromEntries(children.map((c) => [c.key, stateConfig(c)]));
  return out;
}

/** The machine's config (JSON), with its id. */
export function statelyConfig(machine: AnyStateMachine): { [key: string]: Json } {
  const root = machine.root as unknown as NodeLike;
  return { id: root.id, ...stateConfig(root) };
}

/** The file Stately Studio imports: the config in a createMachine call, with how to open it. */
export function statelyFile(name: string, file: string, machine: AnyStateMachine): string {
  return [
    `// The ${name} machine (machines/${file}) as Stately's visualiser imports it: open https://state.new,`,
    `// then Machine > Import (or Import in the Code panel), and paste this file. Generated by \`npm run diagrams\` from the real machine;`,
    `// its guards, actions, actors and delays are named here, their code stays in machines/${file}.`,
    `import { createMachine } from 'xstate';`,
    ``,
    `export default createMachine(${JSON.stringify(statelyConfig(machine), null, 2)});`,
    ``,
  ].join('\n');
}
