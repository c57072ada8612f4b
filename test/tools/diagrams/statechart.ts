/**
 * A machine's statechart as a plain tree, read from its real definition
 * (`machine.root`): states (atomic, compound, parallel, final) with their
 * initial child, tags, invoked actors and transitions. A transition is
 * labelled by its event in words ('after idle', 'done: saveHealth',
 * 'always') and its guard by name. Transitions without a target (they only
 * update the context) are kept apart: the diagram lists them inside their
 * state instead of drawing loops.
 *
 * The guards and actors keep their names because the machines declare them
 * in `setup()`; an inline one would show as 'inline'.
 */
import type { AnyStateMachine } from 'xstate';

export interface ChartTransition {
  /** The event as the machine names it (xstate.done.actor.x, xstate.after.idle.…, '' for always). */
  event: string;
  /** The event in words. */
  label: string;
  guard: string | null;
  /** The ids of the target states (none: the transition only runs actions). */
  targets: string[];
  /** The transition's index among its source's transitions, so the same edge is named alike everywhere. */
  key: string;
}

export interface ChartState {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: string | null;
  tags: string[];
  /** Invoked actors: "src" or "src as id". */
  invokes: string[];
  transitions: ChartTransition[];
  children: ChartState[];
}

/** Minimal views of xstate's StateNode and TransitionDefinition (its types keep these internal). */
interface NodeLike {
  id: string;
  key: string;
  type: ChartState['type'];
  initial?: { target?: { id: string }[] };
  tags: string[];
  invoke: { id: string; src: unknown }[];
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  states: Record<string, NodeLike>;
}
interface TransitionLike {
  eventType: string;
  guard?: unknown;
  target?: { id: string }[];
}

/** A guard's name: a named one, or the combinator of named ones (and, or, not). */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // stateIn({ filling: { form: 'submitting' } }): in filling.form.submitting
    const inState = (guard as { stateValue?: unknown }).stateValue;
    if (inState !== undefined) return `in ${stateValueText(inState)}`;
    const parts = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(parts)) {
      const names = parts.map((g) => guardName(g) ?? 'inline');
      const kind = guard.name || 'guard';
      return kind === 'not' ? `!${names[0]}` : names.join(kind === 'or' ? ' || ' : ' && ');
    }
  }
  return 'inline';
}

/** A state value as a dotted path ('filling.form.submitting'). */
function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}.${stateValueText(v)}`)
    .join(', ');
}

/** An invoked actor's name: its src, or 'inline'. */
export const srcName = (src: unknown): string => (typeof src === 'string' ? src : ((src as { id?: string } | undefined)?.id ?? 'inline'));

/** The event in words: an actor's done or error, a delay, always; else the event's own type. */
export function eventLabel(eventType: string, invokes: Map<string, string>): string {
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${invokes.get(actor[2]!) ?? actor[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${/^\d+$/.test(after[1]!) ? `${after[1]} ms` : after[1]}`;
  return eventType;
}

/** The machine's tree of states, every transition labelled. */
export function statechartOf(machine: AnyStateMachine): ChartState {
  const invokes = new Map<string, string>();
  const collect = (n: NodeLike) => {
    for (const i of n.invoke) invokes.set(i.id, srcName(i.src));
    Object.values(n.states).forEach(collect);
  };
  const root = machine.root as unknown as NodeLike;
  collect(root);
  const read = (n: NodeLike): ChartState => {
    const all: TransitionLike[] = [...[...n.transitions.values()].flat(), ...(n.always ?? [])];
    // A done or error event names the actor this state invokes (several states may invoke under one id).
    const own = new Map([...invokes, ...n.invoke.map((i): [string, string] => [i.id, srcName(i.src)])]);
    return {
      id: n.id,
      key: n.key,
      type: n.type,
      initial: n.type === 'compound' ? (n.initial?.target?.[0]?.id ?? null) : null,
      tags: [...n.tags],
      invokes: n.invoke.map((i) => (i.id === srcName(i.src) ? i.id : `${srcName(i.src)} as ${i.id}`)),
      transitions: all.map((t, i) => ({
        event: t.eventType,
        label: eventLabel(t.eventType, own),
        guard: guardName(t.guard),
        targets: (t.target ?? []).map((s) => s.id),
        key: `${n.id}#${i}`,
      })),
      children: Object.values(n.states).map(read),
    };
  };
  return read(root);
}

/** Every state of the tree, depth first. */
export function statesOf(root: ChartState): ChartState[] {
  return [root, ...root.children.flatMap(statesOf)];
}

/** The text of a transition's label: event, then guard in brackets. */
export const transitionText = (t: Pick<ChartTransition, 'label' | 'guard'>) => (t.guard ? `${t.label} [${t.guard}]` : t.label);
