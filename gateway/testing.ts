/**
 * Test-only link clones, registered beside the fault switch (only with `--test`
 * and GATEWAY_FAULTS=1; `npm start` never has them). Tests that change a link
 * (wrong answers lock it, orders mark its prescriptions ordered, auto-refill
 * toggles change them) clone a seeded link first and work on the copy, so tests
 * running in parallel never see each other's changes.
 *
 * POST /__test/links { from, kind } -> 201 { linkId }: a new link of the same
 * patient, type, status, validity, expiry and attempts, never clicked, with its
 * own copies of the link's prescriptions (new rxIds) and their link rows.
 * The patient's own records (addresses, cards) stay shared.
 *
 * POST /__test/members { from } -> 201 { memberNumber }: a new member number
 * for the same person (same names, date of birth, coverage and eligibility)
 * with copies of the member's prescriptions at other pharmacies and, for a
 * registered member, a copy of the patient with every record of its own
 * (addresses, phones, cards, notification settings, allergies, conditions,
 * doctors), so a test can lock its copy (five wrong
 * verifications), fill in its missing information or submit from it without
 * touching the seeded member other tests use.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import { errorBody } from './errors.ts';
import { advanceItem, setException } from './store/orderStatus.ts';
import type { OrderExceptionKind } from './db/schema.ts';

/** The contract's MemberNumber pattern. */
const MEMBER_NUMBER = /^[A-Za-z0-9]{1,20}$/;

/** The contract's LinkId pattern, leaving room for the clone's suffix. */
const SOURCE_LINK_ID = /^[A-Za-z0-9-]{1,50}$/;

export function registerTestLinks(app: FastifyInstance, db: Db): void {
  app.post('/__test/links', async (req, reply) => {
    const { from, kind, ownPatient = false } = (req.body ?? {}) as { from?: unknown; kind?: unknown; ownPatient?: unknown };
    if (typeof from !== 'string' || !SOURCE_LINK_ID.test(from) || (kind !== 'easyfill' && kind !== 'autorefill') || typeof ownPatient !== 'boolean') {
      return reply.code(400).send(errorBody(400, 'from (a link id of up to 50 letters, digits or dashes) and kind (easyfill, autorefill) are required; ownPatient is true or false'));
    }
    const linkId = await db.transaction().execute(async (tx) => {
      const source = await tx.selectFrom('links').selectAll().where('kind', '=', kind).where('linkId', '=', from).executeTakeFirst();
      if (!source) return null;
      // A random suffix: unique across parallel workers and across restarts over kept data.
      const { linkKey: _key, ...link } = source;
      const patientId = ownPatient ? await copyPatient(tx, source.patientId) : source.patientId;
      const copy = await tx.insertInto('links')
        .values({ ...link, patientId, linkId: `${from}-t${randomBytes(6).toString('hex')}`, clickCount: 0 })
        .returning(['linkKey', 'linkId']).executeTakeFirstOrThrow();
      // Each prescription of the link is copied whole, so changes through the copy stay on it.
      const rows = await tx.selectFrom('linkPrescriptions').selectAll().where('linkKey', '=', source.linkKey).orderBy('rxId').execute();
      for (const row of rows) {
        const { rxId: _rxId, ...rx } = await tx.selectFrom('prescriptions').selectAll().where('rxId', '=', row.rxId).executeTakeFirstOrThrow();
        const { rxId } = await tx.insertInto('prescriptions').values({ ...rx, patientId }).returning('rxId').executeTakeFirstOrThrow();
        await tx.insertInto('linkPrescriptions').values({ linkKey: copy.linkKey, rxId, requested: row.requested, orderedAt: row.orderedAt }).execute();
      }
      return copy.linkId;
    });
    if (!linkId) return reply.code(404).send(errorBody(404, `No ${kind} link ${from}.`));
    return reply.code(201).send({ linkId });
  });
}

/**
 * A copy of a patient with their member record (under a new member number)
 * and every record of their own, so that what a test saves (a card, an
 * address) stays off the seeded persona the other tests read.
 */
async function copyPatient(tx: Db, patientId: number): Promise<number> {
  const { patientId: _id, ...patient } = await tx.selectFrom('patients').selectAll().where('patientId', '=', patientId).executeTakeFirstOrThrow();
  const member = patient.memberNumber ? await tx.selectFrom('members').selectAll().where('memberNumber', '=', patient.memberNumber).executeTakeFirst() : undefined;
  const memberNumber = member ? newMemberNumber(member.memberNumber) : null;
  if (member) await tx.insertInto('members').values({ ...member, memberNumber: memberNumber!, patientId: null }).execute();
  const { patientId: copy } = await tx.insertInto('patients').values({ ...patient, memberNumber }).returning('patientId').executeTakeFirstOrThrow();
  if (member) await tx.updateTable('members').set({ patientId: copy }).where('memberNumber', '=', memberNumber!).execute();
  await copyPatientRecords(tx, patientId, copy);
  return copy;
}

/**
 * Copies the records of patient `from` to patient `to`: addresses, phones
 * (a notification setting keeps pointing at the copy of its phone), cards,
 * notification settings, allergies, conditions and doctors.
 */
async function copyPatientRecords(tx: Db, from: number, to: number): Promise<void> {
  for (const { addressId: _a, ...row } of await tx.selectFrom('addresses').selectAll().where('patientId', '=', from).execute()) {
    await tx.insertInto('addresses').values({ ...row, patientId: to }).execute();
  }
  const phoneIds = new Map<number, number>();
  for (const { phoneId, ...row } of await tx.selectFrom('phones').selectAll().where('patientId', '=', from).orderBy('phoneId').execute()) {
    const copied = await tx.insertInto('phones').values({ ...row, patientId: to }).returning('phoneId').executeTakeFirstOrThrow();
    phoneIds.set(phoneId, copied.phoneId);
  }
  for (const { cardSeqNum: _c, ...row } of await tx.selectFrom('paymentCards').selectAll().where('patientId', '=', from).execute()) {
    await tx.insertInto('paymentCards').values({ ...row, patientId: to }).execute();
  }
  for (const { id: _n, ...row } of await tx.selectFrom('notificationSettings').selectAll().where('patientId', '=', from).execute()) {
    const modalityValueId = row.modalityValueId === null ? null : (phoneIds.get(row.modalityValueId) ?? null);
    await tx.insertInto('notificationSettings').values({ ...row, modalityValueId, patientId: to }).execute();
  }
  for (const { allergySeqNum: _s, ...row } of await tx.selectFrom('patientAllergies').selectAll().where('patientId', '=', from).execute()) {
    await tx.insertInto('patientAllergies').values({ ...row, patientId: to }).execute();
  }
  for (const { diseaseSeqNum: _s, ...row } of await tx.selectFrom('patientConditions').selectAll().where('patientId', '=', from).execute()) {
    await tx.insertInto('patientConditions').values({ ...row, patientId: to }).execute();
  }
  for (const row of await tx.selectFrom('patientPhysicians').selectAll().where('patientId', '=', from).execute()) {
    await tx.insertInto('patientPhysicians').values({ ...row, patientId: to }).execute();
  }
}

/** Letters and digits only (the contract's pattern), at most 20; random, so unique across workers and restarts. */
const newMemberNumber = (from: string) => `${from.slice(0, 10)}T${randomBytes(4).toString('hex').toUpperCase()}`;

export function registerTestMembers(app: FastifyInstance, db: Db): void {
  app.post('/__test/members', async (req, reply) => {
    const { from } = (req.body ?? {}) as { from?: unknown };
    if (typeof from !== 'string' || !MEMBER_NUMBER.test(from)) {
      return reply.code(400).send(errorBody(400, 'from (a member number of up to 20 letters and digits) is required'));
    }
    const memberNumber = await db.transaction().execute(async (tx) => {
      const source = await tx.selectFrom('members').selectAll().where('memberNumber', '=', from.trim().toUpperCase()).executeTakeFirst();
      if (!source) return null;
      const copy = newMemberNumber(source.memberNumber);
      await tx.insertInto('members').values({ ...source, memberNumber: copy, patientId: null }).execute();
      if (source.patientId !== null) {
        const { patientId: _id, ...patient } = await tx.selectFrom('patients').selectAll().where('patientId', '=', source.patientId).executeTakeFirstOrThrow();
        const { patientId } = await tx.insertInto('patients').values({ ...patient, memberNumber: copy }).returning('patientId').executeTakeFirstOrThrow();
        await tx.updateTable('members').set({ patientId }).where('memberNumber', '=', copy).execute();
        await copyPatientRecords(tx, source.patientId, patientId);
      }
      const candidates = await tx.selectFrom('transferCandidates').selectAll().where('memberNumber', '=', source.memberNumber).orderBy('candidateId').execute();
      if (candidates.length) {
        await tx.insertInto('transferCandidates').values(candidates.map(({ candidateId: _id, ...c }) => ({ ...c, memberNumber: copy }))).execute();
      }
      return copy;
    });
    if (!memberNumber) return reply.code(404).send(errorBody(404, `No member ${from}.`));
    return reply.code(201).send({ memberNumber });
  });

  // What Finish stored for a member (the browser tests compare it with the review page): each request and its lines.
  app.get('/__test/members/:memberNumber/requests', async (req, reply) => {
    const { memberNumber } = req.params as { memberNumber: string };
    const requests = await db.selectFrom('transferRequests').selectAll().where('memberNumber', '=', memberNumber.toUpperCase()).orderBy('requestId').execute();
    const lines = requests.length
      ? await db.selectFrom('transferRequestLines').selectAll().where('requestId', 'in', requests.map((r) => r.requestId)).orderBy('lineId').execute()
      : [];
    return reply.send(requests.map((r) => ({ ...r, lines: lines.filter((l) => l.requestId === r.requestId) })));
  });
}


/**
 * Test-only switches of the orders (only with `--test` and GATEWAY_FAULTS=1), so a test need not wait for the
 * fulfillment worker's clock:
 * POST /__test/orders/{orderNumber}/advance { itemId? } -> 200 { moved }: every item (or one) one stage on, now,
 *   as the worker would (the stage reached, the shipment, the outbox row); an item with an exception does not move.
 * POST /__test/orders/{orderNumber}/exception { kind, itemId?, reason? } -> 204: sets an exception (kind null clears).
 * GET /__test/outbox -> 200 [rows], oldest first.
 */
export function registerTestOrders(app: FastifyInstance, db: Db, now: () => Date, dueAt: () => (now: Date) => Date): void {
  const ORDER_NUMBER = /^[0-9]{6,10}$/;
  const KINDS = new Set(['doctorNotAnswered', 'notTransferred', 'paymentDeclined', 'shipmentDelayed']);
  const orderOf = async (orderNumber: string) =>
    ORDER_NUMBER.test(orderNumber) ? db.selectFrom('orders').select('orderId').where('orderNumber', '=', orderNumber).executeTakeFirst() : undefined;

  app.post('/__test/orders/:orderNumber/advance', async (req, reply) => {
    const { orderNumber } = req.params as { orderNumber: string };
    const { itemId } = (req.body ?? {}) as { itemId?: unknown };
    if (itemId !== undefined && !Number.isInteger(itemId)) return reply.code(400).send(errorBody(400, 'itemId is a whole number when given'));
    const order = await orderOf(orderNumber);
    if (!order) return reply.code(404).send(errorBody(404, 'Order not found.'));
    const items = await db.selectFrom('orderItems').select('itemId').where('orderId', '=', order.orderId)
      .$if(itemId !== undefined, (q) => q.where('itemId', '=', itemId as number)).orderBy('itemId').execute();
    if (!items.length) return reply.code(404).send(errorBody(404, 'No such item in this order.'));
    let moved = 0;
    for (const { itemId: id } of items) {
      if (await db.transaction().execute((tx) => advanceItem(tx, id, now(), dueAt()))) moved++;
    }
    return reply.code(200).send({ moved });
  });

  app.post('/__test/orders/:orderNumber/exception', async (req, reply) => {
    const { orderNumber } = req.params as { orderNumber: string };
    const { kind, itemId, reason } = (req.body ?? {}) as { kind?: unknown; itemId?: unknown; reason?: unknown };
    if ((kind !== null && !KINDS.has(kind as string)) || (itemId !== undefined && !Number.isInteger(itemId))
      || (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > 200))) {
      return reply.code(400).send(errorBody(400, 'kind (doctorNotAnswered, notTransferred, paymentDeclined, shipmentDelayed, or null to clear) is required; itemId is a whole number; reason is text of up to 200 characters'));
    }
    const order = await orderOf(orderNumber);
    if (!order) return reply.code(404).send(errorBody(404, 'Order not found.'));
    await db.transaction().execute((tx) => setException(tx, order.orderId, {
      kind: kind as OrderExceptionKind | null, ...(itemId !== undefined ? { itemId: itemId as number } : {}), reason: (reason as string | null | undefined) ?? null,
    }, now()));
    return reply.code(204).send();
  });

  app.get('/__test/outbox', async () => db.selectFrom('outbox').selectAll().orderBy('id').execute());
}
