/**
 * The fulfillment worker: moves each order's prescriptions along their stages on a clock, so a person can
 * watch an order reach Delivered (GATEWAY_FULFILLMENT=demo, the default of `npm start`). Each tick takes the
 * due items with `for update skip locked`: with several instances over one PostgreSQL, an item another
 * instance holds is skipped, so exactly one instance moves it, and each move is one transaction with its
 * outbox row (store/orderStatus.ts `advanceItem`). PGlite is one process: the same SQL, one worker.
 * An item with an exception is not due (next_at is kept, the exception stops it) until the exception is
 * cleared; a doctor who has not answered is asked again (askedAgainOn) when the item falls due.
 */
import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { advanceItem, bumpVersion } from './store/orderStatus.ts';
import { pacificDay } from './store/transfers.ts';

export type FulfillmentMode = 'demo' | 'off';

export interface FulfillmentOptions {
  mode: FulfillmentMode;
  /** How long an item waits at a stage: demo 60-120 s drawn per item and stage; a fixed step in tests. */
  stepMs?: number;
  /** How often the worker looks for due items (ms). */
  tickMs?: number;
  /** Items moved per tick at most (one transaction each). */
  batch?: number;
  now?: () => Date;
  /** True once the gateway drains (SIGTERM): no tick starts after. */
  stopWhen?: () => boolean;
}

/** Demo: a stage every minute or two, drawn per item, so items of one order move apart. */
export const DEMO_STEP_MIN_MS = 60_000;
export const DEMO_STEP_MAX_MS = 120_000;
export const DEFAULT_TICK_MS = 5_000;
export const DEFAULT_BATCH = 50;

/** When an item reaching a stage now is due to move on: a fixed step, or drawn in demo's range. */
export function dueAtOf(stepMs: number | undefined): (now: Date) => Date {
  return (now) => new Date(now.getTime() + (stepMs ?? DEMO_STEP_MIN_MS + Math.floor(Math.random() * (DEMO_STEP_MAX_MS - DEMO_STEP_MIN_MS))));
}

export interface FulfillmentWorker {
  /** One pass over the due items; the number moved. */
  tick(): Promise<number>;
  /** Stops: no tick starts after this; resolves when the running one has ended. */
  stop(): Promise<void>;
}

/**
 * One tick: up to `batch` due items, each in its own transaction: the item is taken with `for update skip
 * locked` (another instance's item is skipped, not waited for) and moved one stage on, or, waiting for a
 * doctor, asked again.
 */
export async function fulfillmentTick(db: Db, now: Date, dueAt: (now: Date) => Date, batch = DEFAULT_BATCH): Promise<number> {
  let moved = 0;
  for (let i = 0; i < batch; i++) {
    const done = await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ itemId: number; exceptionKind: string | null; askedAgainOn: string | null; orderId: number }>`
        select item_id, exception_kind, asked_again_on, order_id from order_items
        where next_at is not null and next_at <= ${now} and (exception_kind is null or (exception_kind = 'doctorNotAnswered' and asked_again_on is null))
        order by next_at, item_id limit 1 for update skip locked`.execute(tx);
      const item = rows[0];
      if (!item) return null;
      if (item.exceptionKind === 'doctorNotAnswered') {
        // The doctor has not answered: we ask again today; the member sees when (the needs-action row was written when it was set).
        await tx.updateTable('orderItems').set({ askedAgainOn: pacificDay(now), nextAt: dueAt(now) }).where('itemId', '=', item.itemId).execute();
        await bumpVersion(tx, item.orderId, now);
        return true;
      }
      await advanceItem(tx, item.itemId, now, dueAt);
      return true;
    });
    if (done === null) break;
    moved++;
  }
  return moved;
}

/** Starts the worker (demo), or nothing (off). */
export function startFulfillment(db: Db, options: FulfillmentOptions, onError: (e: unknown) => void = () => {}): FulfillmentWorker {
  const now = options.now ?? (() => new Date());
  const dueAt = dueAtOf(options.stepMs);
  const tickMs = options.tickMs ?? Math.min(DEFAULT_TICK_MS, Math.max(10, options.stepMs ?? DEFAULT_TICK_MS));
  let stopped = options.mode === 'off';
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    if (stopped || options.stopWhen?.()) return 0;
    running = fulfillmentTick(db, now(), dueAt, options.batch).catch((e: unknown) => {
      onError(e);
      return 0;
    });
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const loop = () => {
    if (stopped || options.stopWhen?.()) return;
    timer = setTimeout(() => void tick().then(loop), tickMs);
    timer.unref();
  };
  loop();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
