import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from './db/database.ts';
import { seed } from './db/seed.ts';
import { fulfillmentTick, startFulfillment } from './fulfillment.ts';
import { createOrder, matchesEtag, outboxMessage } from './store/orderStatus.ts';

const NOW = new Date('2026-11-22T17:00:00Z');
let db: Db;
beforeAll(async () => {
  db = await openDatabase({ kind: 'memory' });
  await migrate(db);
  await seed(db, { now: NOW, banner: false });
});
afterAll(async () => db?.destroy());

const newOrder = async (dueInMs: number) => {
  const patient = await db.selectFrom('patients').select('patientId').where('memberNumber', '=', 'MMA100001').executeTakeFirstOrThrow();
  const { orderId } = await db.transaction().execute((tx) => createOrder(tx, {
    kind: 'refill', patientId: patient.patientId, memberNumber: null, items: [{ rxId: null, drugName: 'X', daysSupply: 90, copay: 1 }],
  }, NOW, (now) => new Date(now.getTime() + dueInMs)));
  return orderId;
};
const stageOf = async (orderId: number) => (await db.selectFrom('orderItems').select('stage').where('orderId', '=', orderId).executeTakeFirstOrThrow()).stage;

describe('the fulfillment worker', () => {
  it('moves a due item one stage a tick, and not one that is not due yet', async () => {
    const due = await newOrder(0);
    const later = await newOrder(60_000);
    const step = (now: Date) => new Date(now.getTime() + 1000);
    expect(await fulfillmentTick(db, NOW, step)).toBeGreaterThanOrEqual(1);
    expect([await stageOf(due), await stageOf(later)]).toEqual(['filling', 'received']);
    // Due again a second later: the same tick time moves nothing more of it.
    await fulfillmentTick(db, NOW, step);
    expect(await stageOf(due)).toBe('filling');
    await fulfillmentTick(db, new Date(NOW.getTime() + 1000), step);
    expect(await stageOf(due)).toBe('shipped');
  });

  it('starts no tick once the gateway drains (SIGTERM), and none after stop', async () => {
    const orderId = await newOrder(0);
    let draining = true;
    const worker = startFulfillment(db, { mode: 'demo', stepMs: 1000, tickMs: 60_000, now: () => NOW, stopWhen: () => draining });
    expect(await worker.tick()).toBe(0);
    expect(await stageOf(orderId)).toBe('received');
    draining = false;
    await worker.stop();
    expect(await worker.tick()).toBe(0);
    expect(await stageOf(orderId)).toBe('received');
  });
});

describe("an order's status helpers", () => {
  it('matches an If-None-Match naming the ETag (weak, in a list, or *), nothing else', () => {
    expect(matchesEtag('"880001-2"', '"880001-2"')).toBe(true);
    expect(matchesEtag('W/"880001-2", "x"', '"880001-2"')).toBe(true);
    expect(matchesEtag('*', '"880001-2"')).toBe(true);
    expect(matchesEtag('"880001-1"', '"880001-2"')).toBe(false);
    expect(matchesEtag(undefined, '"880001-2"')).toBe(false);
  });

  it("writes a notification with the order number and the stage's name only", () => {
    expect(outboxMessage('shipped', 'refill', '880001', 'shipped')).toBe('Your order 880001: Shipped.');
    expect(outboxMessage('needsAction', 'transfer', '880002', 'contacting')).toBe('Your order 880002 needs your attention. Check its status on our website or call us.');
  });
});
