/**
 * The model-based test harness, for any machine of machines/. A model lists
 * the machine's events once, with their payloads (the done and error events
 * of its actors included) and a label a person can read; the harness
 * traverses the real machine's graph (@xstate/graph: createTestModel refuses
 * machines that invoke actors), and gives:
 * - paths: the shortest path to every state, plus one path for every
 *   transition those do not take, so every edge of the graph is walked;
 * - coverage: state nodes and transitions covered out of all;
 * - replay: runs a path on a live actor, checking each reached state and its
 *   invariants (declared once per state node in the model).
 * The same paths drive vitest (test/model/*.test.ts) and Playwright.
 */
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

export interface ModelEvent<TEvent> {
  /** What happened, in words (QA reads it; Playwright maps it to an action or a gateway answer). */
  label: string;
  event: TEvent;
  /**
   * When the model offers it, beyond the machine accepting it: keeps out
   * moves that add paths but no meaning (typing a field again, fields in
   * every order).
   */
  when?: (snapshot: AnyMachineSnapshot) => boolean;
}

export interface MachineModel<TMachine extends AnyStateMachine> {
  name: string;
  machine: TMachine;
  input: InputFrom<TMachine>;
  events: readonly ModelEvent<EventFromLogic<TMachine>>[];
  /** Keeps the graph finite: what of the context makes two snapshots different states. */
  serialize: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Checks per state node id (for example 'linkPage.verification.editing'), run on every snapshot in that node. */
  invariants: Partial<Record<string, (snapshot: SnapshotFrom<TMachine>) => void>>;
}

export interface ModelStep<TMachine extends AnyStateMachine> {
  label: string;
  event: EventFromLogic<TMachine>;
  state: SnapshotFrom<TMachine>;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  /** Unique and stable: the labels of its steps, then the state it ends in. */
  name: string;
  steps: ModelStep<TMachine>[];
  state: SnapshotFrom<TMachine>;
}

/** The event an invoked actor sends when it resolves with `output`. */
export function actorDone(id: string, output: unknown): never {
  return { type: `xstate.done.actor.${id}`, output } as never;
}

/** The event an invoked actor sends when it rejects with `error`. */
export function actorError(id: string, error: unknown): never {
  return { type: `xstate.error.actor.${id}`, error } as never;
}

/** The machine with every actor replaced by one that never settles: the model sends done and error events itself. */
export function withTestActors<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))]),
  );
  return machine.provide({ actors } as never) as TMachine;
}

/** The dotted name of the state a snapshot is in, deepest nodes first joined (for example 'verification.editing'). */
export function stateName(snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final');
  return leaves.map((n: AnyStateNode) => n.path.join('.')).join(' + ');
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allStateNodes(child)]);
}

/** A node left at once by an eventless (`always`) transition is never observed; its targets are. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always?.length ?? 0) > 0 && Object.keys(node.on).length === 0 && node.invoke.length === 0;
}

/** Traversal options: only the events a state accepts are tried (a listed event is otherwise tried everywhere). */
function traversal<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>) {
  return {
    input: model.input,
    events: (snapshot: AnyMachineSnapshot) => model.events.filter((e) => (e.when?.(snapshot) ?? true) && snapshot.can(e.event)).map((e) => e.event),
    serializeState: (snapshot: AnyMachineSnapshot) => model.serialize(snapshot as SnapshotFrom<TMachine>),
  };
}

interface GraphEdge {
  /** `<serialized source> -- <event JSON>` */
  key: string;
  from: string;
  event: AnyEventObject;
  state: AnyMachineSnapshot;
  /** The statechart transitions the event takes from the source (transitionsTaken). */
  transitions: string[];
}

/**
 * The transitions of the statechart an event takes from a snapshot, each
 * named by its source state node, the event (with its payload: each answer
 * or error text the model gives a transition is a case of its own), guard and
 * targets (a guarded branch is a transition of its own). Many graph edges
 * take the same one: ticking a drug with one drug ticked or with two.
 */
export function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  return machine.getTransitionData(snapshot as never, event).map((t) => {
    const g = t.guard as unknown;
    const guard = !g ? '' : typeof g === 'string' ? g : ((g as { type?: string }).type ?? 'inline');
    return `${t.source.id} ${JSON.stringify(event)}${guard ? ` [${guard}]` : ''} → ${(t.target ?? []).map((n) => n.id).join(', ') || '(stays)'}`;
  });
}

/** Every edge of the machine's graph (from the adjacency map). */
function graphEdges<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): GraphEdge[] {
  const machine = withTestActors(model.machine);
  const map = getAdjacencyMap(machine, traversal(model) as never) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  return Object.entries(map).flatMap(([from, value]) =>
    (Object.values(value.transitions) as { event: AnyEventObject; state: AnyMachineSnapshot }[]).map(({ event, state }) => ({
      key: `${from} -- ${JSON.stringify(event)}`,
      from,
      event,
      state,
      transitions: transitionsTaken(machine, value.state, event),
    })),
  );
}

export function modelPaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): ModelPath<TMachine>[] {
  const machine = withTestActors(model.machine);
  const labelOf = new Map(model.events.map((e) => [JSON.stringify(e.event), e.label]));
  const options = traversal(model);
  const shortest = getShortestPaths(machine, options as never) as StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>[];
  const toPath = (raw: StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>): ModelPath<TMachine> => {
    const steps = raw.steps.slice(1).map((s) => ({ label: labelOf.get(JSON.stringify(s.event)) ?? s.event.type, event: s.event, state: s.state }));
    const end = stateName(raw.state);
    return { name: steps.length ? `${steps.map((s) => s.label).join(', ')} → ${end}` : `opening → ${end}`, steps, state: raw.state };
  };
  const paths = shortest.map(toPath);

  // Every transition the shortest paths do not take gets a path of its own: the shortest path to its source, then it.
  const byKey = new Map(paths.map((p) => [model.serialize(p.state), p]));
  const taken = new Set(paths.flatMap((p) => edgesOf(model, p)));
  for (const { key, from, event, state } of graphEdges(model)) {
    const head = byKey.get(from);
    if (taken.has(key) || !head) continue;
    const label = labelOf.get(JSON.stringify(event)) ?? event.type;
    const steps = [...head.steps, { label, event: event as EventFromLogic<TMachine>, state: state as SnapshotFrom<TMachine> }];
    paths.push({ name: `${steps.map((s) => s.label).join(', ')} → ${stateName(state)}`, steps, state: state as SnapshotFrom<TMachine> });
    taken.add(key);
  }
  return paths;
}

function edgesOf<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, path: ModelPath<TMachine>): string[] {
  const initial = createActor(withTestActors(model.machine), { input: model.input }).getSnapshot() as SnapshotFrom<TMachine>;
  let from = model.serialize(initial);
  return path.steps.map((step) => {
    const edge = `${from} -- ${JSON.stringify(step.event)}`;
    from = model.serialize(step.state);
    return edge;
  });
}

/** The most steps a browser tour takes (each step is a person's action or a gateway answer, and a check). */
export const MAX_TOUR_STEPS = 30;

/** The state node ids a snapshot is in. */
const nodeIds = (snapshot: AnyMachineSnapshot): string[] => (snapshot._nodes as AnyStateNode[]).map((n) => n.id);

/**
 * Fewer, shorter-in-all paths for the browser, where each step is a page
 * action and its checks and each path a page load: together they take every
 * transition of the statechart (each guarded branch on its own) and reach
 * every state node, where vitest walks every edge of the graph (the same
 * transition from every context the model tells apart). A tour starts with
 * the shortest path to an edge that takes a transition not taken yet (or
 * reaches a state node not reached yet), takes it, and goes on to the
 * nearest such edge from wherever it is, through edges already walked if need
 * be, up to MAX_TOUR_STEPS; then the next tour starts.
 */
export function tourPaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, paths: ModelPath<TMachine>[]): ModelPath<TMachine>[] {
  const labelOf = new Map(model.events.map((e) => [JSON.stringify(e.event), e.label]));
  const edges = graphEdges(model);
  const from = new Map<string, GraphEdge[]>();
  for (const e of edges) from.set(e.from, [...(from.get(e.from) ?? []), e]);
  // modelPaths lists the shortest path to each state first.
  const shortestTo = new Map<string, ModelPath<TMachine>>();
  for (const p of paths) if (!shortestTo.has(model.serialize(p.state))) shortestTo.set(model.serialize(p.state), p);
  const machine = withTestActors(model.machine);
  const taken = new Set<string>();
  const reached = new Set<string>(nodeIds(createActor(machine, { input: model.input }).getSnapshot() as AnyMachineSnapshot));
  const isNew = (e: GraphEdge) => e.transitions.some((t) => !taken.has(t)) || nodeIds(e.state).some((id) => !reached.has(id));
  const tours: ModelPath<TMachine>[] = [];
  /** Breadth-first over the serialised graph: the edges from `snapshot`'s state to and through the nearest new one. */
  const routeToNew = (snapshot: SnapshotFrom<TMachine>): GraphEdge[] | null => {
    const start = model.serialize(snapshot);
    const seen = new Set([start]);
    let frontier: { at: string; route: GraphEdge[] }[] = [{ at: start, route: [] }];
    while (frontier.length) {
      const next: typeof frontier = [];
      for (const { at, route } of frontier) {
        for (const e of from.get(at) ?? []) {
          if (isNew(e)) return [...route, e];
          const to = model.serialize(e.state as SnapshotFrom<TMachine>);
          if (!seen.has(to)) {
            seen.add(to);
            next.push({ at: to, route: [...route, e] });
          }
        }
      }
      frontier = next;
    }
    return null;
  };
  for (const first of edges) {
    if (!isNew(first)) continue;
    const head = shortestTo.get(first.from);
    if (!head) continue;
    // Walk on a live actor: the serialised graph merges snapshots, and a tour goes on only where the live one really goes.
    const actor = createActor(machine, { input: model.input });
    actor.start();
    const steps: ModelStep<TMachine>[] = [];
    const take = (event: EventFromLogic<TMachine>, expected: SnapshotFrom<TMachine>): boolean => {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      const transitions = transitionsTaken(machine, before, event as AnyEventObject);
      actor.send(event);
      const after = actor.getSnapshot() as SnapshotFrom<TMachine>;
      if (model.serialize(after) !== model.serialize(expected)) return false;
      transitions.forEach((t) => taken.add(t));
      nodeIds(after as AnyMachineSnapshot).forEach((id) => reached.add(id));
      steps.push({ label: labelOf.get(JSON.stringify(event)) ?? (event as AnyEventObject).type, event, state: after });
      return true;
    };
    if (!head.steps.every((st) => take(st.event, st.state)) || !take(first.event as EventFromLogic<TMachine>, first.state as SnapshotFrom<TMachine>)) {
      actor.stop();
      continue;
    }
    while (steps.length < MAX_TOUR_STEPS) {
      // The nearest new transition, through transitions already taken if need be.
      const route = routeToNew(actor.getSnapshot() as SnapshotFrom<TMachine>);
      if (!route || steps.length + route.length > MAX_TOUR_STEPS || !route.every((e) => take(e.event as EventFromLogic<TMachine>, e.state as SnapshotFrom<TMachine>))) break;
    }
    actor.stop();
    const end = steps[steps.length - 1]!.state;
    tours.push({ name: `${steps.map((st) => st.label).join(', ')} → ${stateName(end as AnyMachineSnapshot)}`, steps, state: end });
  }
  return tours;
}

export interface Coverage {
  /** all: every state node that can be observed (transient ones are left out). */
  states: { covered: number; total: number; missing: string[]; all: string[] };
  /** The edges of the graph: a transition from each context the model tells apart. */
  transitions: { covered: number; total: number; missing: string[] };
  /** The transitions of the statechart (transitionsTaken): what the browser's tours must take. */
  statechart: { covered: number; total: number; missing: string[] };
}

/** State nodes the paths pass through, and graph edges they walk, out of all. */
export function coverage<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, paths: ModelPath<TMachine>[]): Coverage {
  const machine = withTestActors(model.machine);
  const nodes = allStateNodes(machine.root)
    .filter((n) => !isTransient(n))
    .map((n) => n.id);
  const initial = createActor(machine, { input: model.input }).getSnapshot() as AnyMachineSnapshot;
  const seen = new Set<string>(initial._nodes.map((n: AnyStateNode) => n.id));
  for (const p of paths) for (const s of p.steps) for (const n of (s.state as AnyMachineSnapshot)._nodes) seen.add((n as AnyStateNode).id);
  const graph = graphEdges(model);
  const edges = graph.map((e) => e.key);
  const walked = new Set(paths.flatMap((p) => edgesOf(model, p)));
  const missingStates = nodes.filter((id) => !seen.has(id) && id !== machine.root.id);
  const missingEdges = edges.filter((e) => !walked.has(e));
  const transitions = [...new Set(graph.flatMap((e) => e.transitions))];
  const taken = new Set<string>();
  for (const p of paths) {
    const actor = createActor(machine, { input: model.input });
    actor.start();
    for (const st of p.steps) {
      transitionsTaken(machine, actor.getSnapshot() as AnyMachineSnapshot, st.event as AnyEventObject).forEach((t) => taken.add(t));
      actor.send(st.event);
    }
    actor.stop();
  }
  const missingTransitions = transitions.filter((t) => !taken.has(t));
  return {
    states: { covered: nodes.length - missingStates.length, total: nodes.length, missing: missingStates, all: nodes.filter((id) => id !== machine.root.id) },
    transitions: { covered: edges.length - missingEdges.length, total: edges.length, missing: missingEdges },
    statechart: { covered: transitions.length - missingTransitions.length, total: transitions.length, missing: missingTransitions },
  };
}

/**
 * Replays a path on a live actor: after each event the actor must be in the
 * state the graph says, and every invariant of the state nodes it is in must
 * hold. `check` receives each step for extra assertions.
 */
export function replay<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>, path: ModelPath<TMachine>): void {
  const actor = createActor(withTestActors(model.machine), { input: model.input });
  actor.start();
  const checkState = (snapshot: AnyMachineSnapshot, expected: AnyMachineSnapshot, after: string) => {
    const got = model.serialize(snapshot as SnapshotFrom<TMachine>);
    const want = model.serialize(expected as SnapshotFrom<TMachine>);
    if (got !== want) throw new Error(`after "${after}": expected ${want}, got ${got}`);
    for (const node of snapshot._nodes as AnyStateNode[]) model.invariants[node.id]?.(snapshot as SnapshotFrom<TMachine>);
  };
  try {
    for (const step of path.steps) {
      actor.send(step.event);
      checkState(actor.getSnapshot(), step.state as AnyMachineSnapshot, step.label);
    }
  } finally {
    actor.stop();
  }
}

/** A path in words, one step a line, for QA (`npm run paths -- <machine>`). */
export function describePath<TMachine extends AnyStateMachine>(path: ModelPath<TMachine>): string {
  if (!path.steps.length) return `  opens in ${stateName(path.state)}`;
  return path.steps.map((s, i) => `  ${i + 1}. ${s.label} → ${stateName(s.state as AnyMachineSnapshot)}`).join('\n');
}

/** The state nodes a model's paths reach. */
function reachedStates(model: MachineModel<AnyStateMachine>): string[] {
  const c = coverage(model, modelPaths(model));
  return c.states.all.filter((id) => !c.states.missing.includes(id));
}

/**
 * The state nodes the other models of the same machine reach (a machine that
 * takes what changes its graph as input, such as the registration page and
 * its member, has one model per input, and they cover its states together).
 */
export function reachedBySiblings(model: MachineModel<AnyStateMachine>, all: readonly MachineModel<AnyStateMachine>[]): Set<string> {
  return new Set(all.filter((m) => m.machine === model.machine && m !== model).flatMap(reachedStates));
}
