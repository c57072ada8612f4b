/**
 * Replays the model paths of test/model in the real app (Playwright, against
 * the reference gateway with its test switch). A machine's driver says:
 * - how a path starts (which page, what comes before the machine's first state);
 * - for each user event (by its label), what the person does;
 * - for each invoked actor, which gateway operations answer it: an actor's
 *   done event becomes those operations answering the model's own output
 *   (`reply`), its error event an error with the model's status and text;
 * - for each state, what the person must see.
 * Answers are armed before the action that causes the call, delayed a little
 * so the waiting state can be seen; an invoke the path leaves unanswered is
 * held, so a path may end in a waiting state. Faults are scoped to the test
 * (x-test-scope), so tests run in parallel.
 */
import type { Page } from '@playwright/test';
import { createActor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { withTestActors, type MachineModel, type ModelPath } from '../../model/harness.ts';

/** How long a canned answer waits, so the state before it is visible. */
export const ANSWER_DELAY_MS = 1200;
/** How long an unanswered call is held (the gateway's maximum). */
const HOLD_MS = 10_000;

export interface Answer {
  operationId: string;
  status?: number;
  body?: unknown;
}

export interface ActorAnswers {
  /** The gateway operations the actor calls. */
  operations: string[];
  /** The answers that make the actor resolve with `output` (default: the first operation answers it). */
  done?: (output: unknown) => Answer[];
}

export interface Ctx {
  page: Page;
  scope: string;
  arm: (fault: Record<string, unknown>) => Promise<void>;
}

export interface Driver<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<TMachine>;
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

/**
 * Arms the answers for the calls made on entering `entering` and for the chain
 * of actor events that follow it in `rest`. Returns how many steps of `rest` that chain is.
 */
async function armFor(driver: Driver, ctx: Ctx, entering: AnyMachineSnapshot, rest: ModelPath<AnyStateMachine>['steps']): Promise<number> {
  let state = entering;
  let k = 0;
  for (;;) {
    const ids = invokesOf(state);
    if (ids.length === 0) return k;
    const next = rest[k];
    const actor = next ? actorEvent(next.event) : null;
    if (!next || !actor || !ids.includes(actor.id)) {
      for (const id of ids) for (const operationId of answersOf(driver, id).operations) await ctx.arm({ operationId, mode: 'slow', delayMs: HOLD_MS });
      return k;
    }
    const answers = answersOf(driver, actor.id);
    if (actor.kind === 'done') {
      const output = (next.event as { output?: unknown }).output;
      for (const a of answers.done ? answers.done(output) : [{ operationId: answers.operations[0]!, body: output }]) {
        await ctx.arm({ operationId: a.operationId, mode: 'reply', status: a.status ?? 200, body: a.body, delayMs: ANSWER_DELAY_MS });
      }
    } else {
      const error = (next.event as { error?: { status: number; displayText: string } }).error!;
      await ctx.arm({ operationId: answers.operations[0]!, mode: 'error', status: error.status, message: error.displayText, delayMs: ANSWER_DELAY_MS });
    }
    state = next.state as AnyMachineSnapshot;
    k += 1;
  }
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

/** Runs one path: arm, act, and check what is seen after every step. */
export async function replayInBrowser(driver: Driver, ctx: Ctx, path: ModelPath<AnyStateMachine>, step: (title: string, body: () => Promise<void>) => Promise<void>) {
  const { initial, steps } = liveStates(driver, path);
  let i = await armFor(driver, ctx, initial, steps);
  await step('opens the page', async () => {
    await driver.open(ctx);
    await driver.see(ctx, initial);
  });
  for (let s = 0; s < i; s++) {
    const st = steps[s]!;
    await step(st.label, () => driver.see(ctx, st.state as AnyMachineSnapshot));
  }
  let before = i > 0 ? (steps[i - 1]!.state as AnyMachineSnapshot) : initial;
  while (i < steps.length) {
    const st = steps[i]!;
    if (actorEvent(st.event)) throw new Error(`'${st.label}' is not answered by a call the path made`);
    const act = driver.actions[st.label];
    if (!act) throw new Error(`${driver.model.name}: no action for '${st.label}'`);
    const chain = await armFor(driver, ctx, st.state as AnyMachineSnapshot, steps.slice(i + 1));
    const after = st.state as AnyMachineSnapshot;
    await step(st.label, async () => {
      await act(ctx, before, after);
      await driver.see(ctx, after);
    });
    for (let k = 1; k <= chain; k++) {
      const answered = steps[i + k]!;
      await step(answered.label, () => driver.see(ctx, answered.state as AnyMachineSnapshot));
    }
    i += 1 + chain;
    before = steps[i - 1]!.state as AnyMachineSnapshot;
  }
}

/** The labels a driver must map: every user event of the model, every invoked actor. */
export function unmapped(driver: Driver): string[] {
  const missing: string[] = [];
  for (const e of driver.model.events) {
    const actor = actorEvent(e.event as AnyEventObject);
    if (actor ? !driver.actors[actor.id] : !driver.actions[e.label]) missing.push(e.label);
  }
  return missing;
}
