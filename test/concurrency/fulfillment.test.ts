/**
 * The fulfillment worker on two gateway processes (`npm start`'s gateway/main.ts, GATEWAY_FULFILLMENT=demo
 * with a short step) over one PostgreSQL database: each tick takes due items with `for update skip locked`,
 * so every item reaches each stage of its kind exactly once, in order, none skipped, whichever instance
 * moved it; and each shipped and delivered wrote its one outbox row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../gateway/db/database.ts';
import { openTestDatabase, type TestDatabase } from '../contract/database.ts';
import { freePort, startGateway, type RunningGateway } from '../tools/serve.ts';
import { createOrder } from '../../gateway/store/orderStatus.ts';
import { ORDER_STAGES } from '../../machines/shared/rules/orderStages.ts';

const STEP_MS = 25;
const ORDERS = 40;
let database: TestDatabase;
let db: Db;
const instances: RunningGateway[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.destroy();
  const url = (database.storage as { url: string }).url;
  const start = async () => startGateway(await freePort(), {
    test: false,
    env: { DATABASE_URL: url, GATEWAY_SECRET: 'one-secret-for-every-instance', GATEWAY_FULFILLMENT: 'demo', GATEWAY_FULFILLMENT_STEP_MS: String(STEP_MS) },
  });
  // The first migrates and seeds; the second finds the database ready.
  instances.push(await start());
  instances.push(await start());
  db = await openDatabase({ kind: 'postgres', url });
}, 120_000);

afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await db?.destroy();
  await database?.close();
});

describe('two fulfillment workers on one PostgreSQL', () => {
  it('move every item through every stage of its kind exactly once, in order, none skipped', async () => {
    const patient = await db.selectFrom('patients').select('patientId').where('memberNumber', '=', 'MMA100001').executeTakeFirstOrThrow();
    const orderIds: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const kind = i % 2 ? 'refill' : 'transfer';
      const { orderId } = await db.transaction().execute((tx) => createOrder(tx, {
        kind, patientId: patient.patientId, memberNumber: kind === 'transfer' ? 'MMA100001' : null,
        items: [1, 2, 3].map((n) => ({ rxId: null, drugName: `DRUG ${n}`, daysSupply: 90, copay: n })),
      }, new Date(), (now) => now));
      orderIds.push(orderId);
    }
    // Until every item is delivered (each poll is a query; the test's own timeout bounds it).
    const undelivered = async () => Number((await db.selectFrom('orderItems').select(sql<number>`count(*)`.as('n'))
      .where('orderId', 'in', orderIds).where('stage', '!=', 'delivered').executeTakeFirstOrThrow()).n);
    while ((await undelivered()) > 0) await new Promise((r) => setTimeout(r, 100));

    const items = await db.selectFrom('orderItems').innerJoin('orders', 'orders.orderId', 'orderItems.orderId')
      .select(['orderItems.itemId', 'orders.kind', 'orders.orderNumber']).where('orders.orderId', 'in', orderIds).execute();
    const reached = await db.selectFrom('orderItemStages').select(['itemId', 'stage', 'reachedAt']).where('itemId', 'in', items.map((i) => i.itemId))
      .orderBy('itemId').orderBy('reachedAt').execute();
    expect(items).toHaveLength(ORDERS * 3);
    for (const item of items) {
      const timeline = ORDER_STAGES[item.kind];
      // By when each was reached (a tie within a millisecond by the timeline's order).
      const stages = reached.filter((r) => r.itemId === item.itemId)
        .sort((a, b) => a.reachedAt.getTime() - b.reachedAt.getTime() || timeline.indexOf(a.stage) - timeline.indexOf(b.stage));
      // The stages in the order they were reached are exactly the kind's timeline.
      expect(stages.map((r) => r.stage), `item ${item.itemId}`).toEqual(timeline);
    }
    // One shipped and one delivered row per item (Maria chose email), none twice.
    const rows = await db.selectFrom('outbox').select(['orderNumber', 'event', 'channel']).where('orderId', 'in', orderIds).execute();
    expect(rows.filter((r) => r.event === 'shipped')).toHaveLength(ORDERS * 3);
    expect(rows.filter((r) => r.event === 'delivered')).toHaveLength(ORDERS * 3);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email']));
  }, 120_000);
});
