/**
 * Replays the model paths of test/model in the real app (Playwright, against
 * the reference gateway with its test switch). A machine's driver says:
 * - how a path starts (which page, what comes before the machine's first state);
 * - for each user event (by its label), what the person does;
 * - for each invoked actor, which gateway operations answer it: an actor's
 *   done event becomes those operations answering the model's own output
 *   (`reply`), its error event an error with the model's status and text;
 * - for each state, what the person must see.
 * Answers are armed before the action that causes the call, and the gateway
 * holds each call until the replay reaches the path's answer to it: the
 * waiting state (skeleton, busy button) is checked first, the person may act
 * while the call is in flight, and no step depends on timing. A call the path
 * never answers stays held, so a path may end in a waiting state. Faults are
 * scoped to the test (x-test-scope), so tests run in parallel. The gateway
 * releases the held calls of an operation first in, first out: a call the path
 * never answered, whose actor has stopped since (a lookup replaced by a newer
 * text, a search cancelled), is released just before a later answer of the
 * same operation, so that the answer reaches the call that waits for it.
 */
import { expect, type APIRequestContext, type Page } from './test.ts';
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { withTestActors, type MachineModel, type ModelPath } from '../../model/harness.ts';

export interface Answer {
  operationId: string;
  status?: number;
  body?: unknown;
}

export interface ActorAnswers {
  /**
   * The gateway operations the actor calls. None for a child machine (a
   * modal, the doctor chooser): its done event is what the person does in it,
   * the driver's action of the same label.
   */
  operations: string[];
  /** The answers that make the actor resolve with `output` (default: the first operation answers it). */
  done?: (output: unknown) => Answer[];
  /**
   * The calls go out together (Promise.all). A call the path never answers is
   * held until the test ends; a browser opens at most six connections to a
   * host, so holding all of them would queue the path's later calls behind
   * them. When the path never answers such an actor, only its first call is
   * held (the actor still waits for it) and the others answer from the gateway.
   * When it answers later, all are held (each must answer as the model says),
   * so the model does not press on to another call meanwhile: a browser opens
   * six connections per host, and a seventh request waits for one to free.
   */
  parallel?: boolean;
  /**
   * The query parameters that tell this actor's calls from another's calls of
   * the same operation (the common allergies and the allergy lookup): its
   * faults name them, so each call is held and released apart.
   */
  query?: Record<string, string>;
  /** The operation the actor calls in the state that started it, when that decides it (a POST of a new record, a PUT over one on file). */
  calls?: (state: AnyMachineSnapshot) => string;
}

/** A held call: its operation and the query its fault names. */
interface Held {
  operationId: string;
  query?: Record<string, string>;
}

export interface Ctx {
  page: Page;
  scope: string;
  arm: (fault: Record<string, unknown>) => Promise<void>;
  /** Lets a held call of this test's scope answer (the one whose fault named this query, if any). */
  release: (operationId: string, query?: Record<string, string>) => Promise<void>;
}

/** What a caller of `scopedCtx` hears of each arm and release (the QA reports). */
export interface CtxWatch {
  armed?: (fault: Record<string, unknown>) => void;
  released?: (operationId: string, query?: Record<string, string>) => void;
}

/**
 * The replay's hold on the gateway for one test: its faults are armed and
 * released in the test's own scope, and its page sends every call in that
 * scope (x-test-scope). `disarmScope` ends it.
 */
export async function scopedCtx(page: Page, request: APIRequestContext, scope: string, watch: CtxWatch = {}): Promise<Ctx> {
  await page.setExtraHTTPHeaders({ 'x-test-scope': scope });
  return {
    page,
    scope,
    arm: async (fault) => {
      const r = await request.post('/__test/faults', { data: { ...fault, scope } });
      expect(r.status()).toBe(201);
      watch.armed?.(fault);
    },
    release: async (operationId, query) => {
      const r = await request.post('/__test/faults/release', { data: { operationId, scope, query } });
      expect(r.status()).toBe(204);
      watch.released?.(operationId, query);
    },
  };
}

/** Disarms the test's faults; a call still held answers 503 (it never reaches the seeded data). */
export const disarmScope = (request: APIRequestContext, scope: string) => request.delete(`/__test/faults?scope=${encodeURIComponent(scope)}`);

export interface Driver<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<TMachine>;
  /**
   * Brings the page to where the machine is started, before its first calls
   * are armed: a modal's machine starts when it opens, on a page whose own
   * calls (the review page's profile) must not meet the modal's held answers.
   */
  prepare?: (ctx: Ctx) => Promise<void>;
  /** Opens the page and brings it to the machine's first state (the answers for its first invokes are armed). */
  open: (ctx: Ctx) => Promise<void>;
  actors: Record<string, ActorAnswers>;
  /** What the person does for each user event, by label; gets the snapshots before and after. */
  actions: Record<string, (ctx: Ctx, before: AnyMachineSnapshot, after: AnyMachineSnapshot) => Promise<void>>;
  /** What the person sees in a state. */
  see: (ctx: Ctx, state: AnyMachineSnapshot) => Promise<void>;
}

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;

export function actorEvent(event: AnyEventObject): { kind: 'done' | 'error'; id: string } | null {
  const m = ACTOR_EVENT.exec(event.type);
  return m ? { kind: m[1] as 'done' | 'error', id: m[2]! } : null;
}

function invokesOf(state: AnyMachineSnapshot): string[] {
  return (state._nodes as AnyStateNode[]).flatMap((n) => n.invoke.map((i) => i.id));
}

/** The invokes `state` started on the way from `previous` (a call still in flight from before is not new). */
function startedBy(state: AnyMachineSnapshot, previous: AnyMachineSnapshot | null): string[] {
  return invokesOf(state).filter((id) => !previous || state.children[id] !== previous.children[id]);
}

type Steps = ModelPath<AnyStateMachine>['steps'];

/** A held call the path never answers: the actor (its id and ref) that made it, and the operations armed for it. */
interface Stranded {
  id: string;
  ref: unknown;
  operations: Held[];
}

/**
 * Arms the gateway for the calls `state` started on the way from `previous`:
 * each is held (the gateway waits for a release) with the answer of the done
 * or error event the path gives it later, while that actor keeps running; a
 * call the path never answers is held and never released. `held` maps each
 * actor id to the operations to release when the path reaches its answer.
 */
async function armFor(
  driver: Driver,
  ctx: Ctx,
  previous: AnyMachineSnapshot | null,
  state: AnyMachineSnapshot,
  rest: Steps,
  held: Map<string, Held[]>,
  stranded: Stranded[],
) {
  for (const id of startedBy(state, previous)) {
    const answer = answerLater(rest, id, state.children[id]);
    const answers = answersOf(driver, id);
    const operations = operationsOf(answers, state);
    if (!operations.length) continue;
    if (answer) {
      held.set(id, await armAnswer(driver, ctx, answer, state));
    } else {
      // Never released while the test runs; when the test disarms its scope it answers 503, so it never reaches the real data.
      const holding = (answers.parallel ? operations.slice(0, 1) : operations).map((operationId) => ({ operationId, query: answers.query }));
      for (const h of holding) await ctx.arm({ ...h, mode: 'error', status: 503, held: true });
      stranded.push({ id, ref: state.children[id], operations: holding });
    }
  }
}

/** The operations an actor started in `state` calls. */
const operationsOf = (answers: ActorAnswers, state: AnyMachineSnapshot) => (answers.calls ? [answers.calls(state)] : answers.operations);

/** The done or error event of the invoked actor `id` (`ref`) while the path keeps that actor running. */
function answerLater(rest: Steps, id: string, ref: unknown): Steps[number] | null {
  for (const step of rest) {
    const actor = actorEvent(step.event);
    if (actor?.id === id) return step;
    if ((step.state as AnyMachineSnapshot).children[id] !== ref) return null;
  }
  return null;
}

/**
 * Arms the held gateway answers that make an actor send `step`'s done or error
 * event once released; returns the operations armed (an error needs only the first to fail).
 */
async function armAnswer(driver: Driver, ctx: Ctx, step: Steps[number], started: AnyMachineSnapshot): Promise<Held[]> {
  const actor = actorEvent(step.event)!;
  const answers = answersOf(driver, actor.id);
  const { query } = answers;
  const first = operationsOf(answers, started)[0]!;
  if (actor.kind === 'done') {
    const output = (step.event as { output?: unknown }).output;
    const replies = answers.done ? answers.done(output) : [{ operationId: first, body: output }];
    for (const a of replies) await ctx.arm({ operationId: a.operationId, query, mode: 'reply', status: a.status ?? 200, body: a.body, held: true });
    return replies.map((a) => ({ operationId: a.operationId, query }));
  }
  const error = (step.event as { error?: { status: number; displayText: string; serverText?: string | null } }).error!;
  // The gateway answers with the server's own words where the model names them (a rule reads them: 'Zip code OFF').
  await ctx.arm({ operationId: first, query, mode: 'error', status: error.status, message: error.serverText ?? error.displayText, held: true });
  return [{ operationId: first, query }];
}

function answersOf(driver: Driver, id: string): ActorAnswers {
  const a = driver.actors[id];
  if (!a) throw new Error(`${driver.model.name}: no gateway answers for the actor '${id}'`);
  return a;
}

/**
 * The snapshots a path really reaches, event by event, on a live actor. The
 * graph keeps one snapshot per serialized state, which may have been reached
 * by another event (same state, another message): the browser checks details.
 */
function liveStates(driver: Driver, path: ModelPath<AnyStateMachine>): { initial: AnyMachineSnapshot; steps: ModelPath<AnyStateMachine>['steps'] } {
  const actor = createActor(withTestActors(driver.model.machine), { input: driver.model.input });
  actor.start();
  const initial = actor.getSnapshot() as AnyMachineSnapshot;
  const steps = path.steps.map((step) => {
    actor.send(step.event);
    return { ...step, state: actor.getSnapshot() };
  });
  actor.stop();
  return { initial, steps };
}

/** What a replay reports after each step it checked (the QA reports, test/e2e/qa.spec.ts). */
export type StepObserver = (step: { index: number; label: string; state: AnyMachineSnapshot }) => Promise<void>;

/** Runs one path: arm, act, and check what is seen after every step (and tell `observe`, if given). */
export async function replayInBrowser(
  driver: Driver,
  ctx: Ctx,
  path: ModelPath<AnyStateMachine>,
  step: (title: string, body: () => Promise<void>) => Promise<void>,
  observe?: StepObserver,
) {
  const { initial, steps } = liveStates(driver, path);
  const held = new Map<string, Held[]>();
  const stranded: Stranded[] = [];
  if (driver.prepare) await step('comes to the page', () => driver.prepare!(ctx));
  await armFor(driver, ctx, null, initial, steps, held, stranded);
  await step('opens the page', async () => {
    await driver.open(ctx);
    await driver.see(ctx, initial);
  });
  await observe?.({ index: 0, label: 'opens the page', state: initial });
  let before = initial;
  for (const [i, st] of steps.entries()) {
    const after = st.state as AnyMachineSnapshot;
    const act = actionOf(driver, ctx, st, held, stranded);
    await armFor(driver, ctx, before, after, steps.slice(i + 1), held, stranded);
    await step(st.label, async () => {
      await act(ctx, before, after);
      await driver.see(ctx, after);
    });
    await observe?.({ index: i + 1, label: st.label, state: after });
    before = after;
  }
}

/** What makes a step happen: the person's action, or the release of a held call that answers it. */
function actionOf(driver: Driver, ctx: Ctx, st: Steps[number], held: Map<string, Held[]>, stranded: Stranded[]): Driver['actions'][string] {
  const actor = actorEvent(st.event);
  // A child machine's outcome is what the person does in it.
  if (actor && !answersOf(driver, actor.id).operations.length) {
    const act = driver.actions[st.label];
    if (!act) throw new Error(`${driver.model.name}: no action for '${st.label}'`);
    return act;
  }
  if (actor) {
    const operations = held.get(actor.id);
    if (!operations) throw new Error(`'${st.label}' is not answered by a call the path made`);
    held.delete(actor.id);
    return async (_ctx, before) => {
      for (const h of operations) {
        // The calls of stopped actors that the path never answered were held first: they go first (their actor ignores the 503).
        for (const s of stranded) {
          const same = s.operations.find((o) => sameQueue(o, h));
          if (before.children[s.id] === s.ref || !same) continue;
          s.operations = s.operations.filter((o) => o !== same);
          await ctx.release(h.operationId, h.query);
        }
        await ctx.release(h.operationId, h.query);
      }
    };
  }
  const act = driver.actions[st.label];
  if (!act) throw new Error(`${driver.model.name}: no action for '${st.label}'`);
  return act;
}

/** Two held calls wait in one queue of the gateway: same operation, same query. */
const sameQueue = (a: Held, b: Held) => a.operationId === b.operationId && JSON.stringify(a.query ?? null) === JSON.stringify(b.query ?? null);

/** The labels a driver must map: every user event of the model, every invoked actor. */
export function unmapped(driver: Driver): string[] {
  const missing: string[] = [];
  for (const e of driver.model.events) {
    const actor = actorEvent(e.event as AnyEventObject);
    const byPerson = !actor || driver.actors[actor.id]?.operations.length === 0;
    if (actor && !driver.actors[actor.id]) missing.push(e.label);
    else if (byPerson && !driver.actions[e.label]) missing.push(e.label);
  }
  return missing;
}
