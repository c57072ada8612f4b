/**
 * Where is my order: every order's prescriptions (order_items) and where each is, the order's status as the
 * contract gives it, who may see it, and the changes a member cares about (a stage on, an exception set or
 * cleared), each in one transaction with its outbox row (the notification, by the member's chosen channel).
 * The stages and their order are the machines' one rule (machines/shared/rules/orderStages.ts).
 */
import { sql, type Selectable } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { OrderExceptionKind, OrderItemsTable, OrdersTable } from '../db/schema.ts';
import type { PatientClaims } from '../auth/tokens.ts';
import { GatewayError, notFound } from '../errors.ts';
import { CARD_TYPE_DESC } from './cards.ts';
import { BILL_ME_LATER_PAYMENT_TYPE } from './orders.ts';
import { ORDER_STAGES, nextStage, orderStage, stageLabel, type OrderKind, type OrderStage } from '../../machines/shared/rules/orderStages.ts';
import { pacificDay } from './transfers.ts';
import { orderTotal } from '../../machines/shared/rules/orderCost.ts';

type OrderStatus = components['schemas']['OrderStatus'];
type OrderSummary = components['schemas']['OrderSummary'];
type OrderException = components['schemas']['OrderException'];

/** The 404 of an order the caller may not see: the same words as an unknown number (nothing tells that it exists). */
export const ORDER_NOT_FOUND = 'Order not found.';

/** Which orders a token opens: a member's (its patient's and its transfer requests), a link's, or the one order a check opened. */
export type OrderScope = { kind: 'member'; patientId: number | null; memberNumber: string | null } | { kind: 'link'; linkKey: number } | { kind: 'order'; orderId: number };

export function orderScopeOf(claims: PatientClaims | undefined): OrderScope {
  if (!claims) throw new GatewayError(401, 'Access token missing.');
  if (claims.ord != null) return { kind: 'order', orderId: claims.ord };
  if (claims.lnk !== null) return { kind: 'link', linkKey: claims.lnk };
  return { kind: 'member', patientId: claims.pid, memberNumber: claims.mbr };
}

type OrderRow = Selectable<OrdersTable>;

function scoped(db: Db, scope: OrderScope) {
  const q = db.selectFrom('orders').selectAll();
  switch (scope.kind) {
    case 'order':
      return q.where('orderId', '=', scope.orderId);
    case 'link':
      return q.where('linkKey', '=', scope.linkKey);
    case 'member':
      return q.where((eb) => eb.or([
        ...(scope.patientId !== null ? [eb('patientId', '=', scope.patientId)] : []),
        ...(scope.memberNumber !== null ? [eb('memberNumber', '=', scope.memberNumber)] : []),
        eb.val(false),
      ]));
  }
}

/** The ETag of an order's status: its version, which every change bumps (bumpVersion). */
export const etagOf = (order: Pick<OrderRow, 'orderNumber' | 'version'>) => `"${order.orderNumber}-${order.version}"`;

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
}

const exceptionOut = (kind: OrderExceptionKind | null, reason: string | null, askedAgainOn: string | null): OrderException | null =>
  kind ? { kind, reason: kind === 'notTransferred' || kind === 'shipmentDelayed' ? reason : null, askedAgainOn: kind === 'doctorNotAnswered' ? askedAgainOn : null } : null;

/** An order the scope opens, by number; 404 alike for an unknown number and another's order. */
export async function findOrder(db: Db, scope: OrderScope, orderNumber: string): Promise<OrderRow> {
  const order = await scoped(db, scope).where('orderNumber', '=', orderNumber).executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The contract's OrderStatus of an order row. */
export async function statusOf(db: Db, order: OrderRow): Promise<OrderStatus> {
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', order.orderId).orderBy('itemId').execute();
  const reached = items.length
    ? await db.selectFrom('orderItemStages').selectAll().where('itemId', 'in', items.map((i) => i.itemId)).orderBy('reachedAt').execute()
    : [];
  const kind = order.kind as OrderKind;
  const address = order.shippingAddressId === null ? undefined
    : await db.selectFrom('addresses').select(['address1', 'address2', 'city', 'state', 'zipCode']).where('addressId', '=', order.shippingAddressId).executeTakeFirst();
  const card = order.paymentCardId === null ? undefined
    : await db.selectFrom('paymentCards').select(['cardTypeNum', 'lastDigits']).where('cardSeqNum', '=', order.paymentCardId).executeTakeFirst();
  // The cost rule the pages show (in cents, the unknown copays left out): the contract's total is that figure in dollars.
  const { totalCents } = orderTotal(items.map((i) => ({ name: i.drugName, copay: i.copay })));
  return {
    orderNumber: order.orderNumber,
    kind,
    placedAt: order.createdAt.toISOString(),
    stage: orderStage(kind, items.map((i) => i.stage)),
    items: items.map((i) => ({
      itemId: i.itemId,
      drugName: i.drugName,
      daysSupply: i.daysSupply,
      stage: i.stage,
      reached: reached.filter((r) => r.itemId === i.itemId)
        .sort((a, b) => ORDER_STAGES[kind].indexOf(a.stage) - ORDER_STAGES[kind].indexOf(b.stage))
        .map((r) => ({ stage: r.stage, at: r.reachedAt.toISOString() })),
      exception: exceptionOut(i.exceptionKind, i.exceptionReason, i.askedAgainOn),
      shipment: i.carrier && i.trackingNumber && i.expectedDelivery
        ? { carrier: i.carrier, trackingNumber: i.trackingNumber, expectedDelivery: i.expectedDelivery, deliveredOn: i.deliveredOn }
        : null,
      copay: i.copay,
    })),
    exception: exceptionOut(order.exceptionKind, order.exceptionReason, null),
    shippingAddress: address ? { addressLine1: address.address1, addressLine2: address.address2, city: address.city, state: address.state, zipCode: address.zipCode } : null,
    payment: card ? { billMeLater: false, cardType: CARD_TYPE_DESC[card.cardTypeNum] ?? null, lastDigits: card.lastDigits }
      : order.paymentMethodTypeId === BILL_ME_LATER_PAYMENT_TYPE ? { billMeLater: true, cardType: null, lastDigits: null } : null,
    total: totalCents === null ? null : totalCents / 100,
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The orders a scope opens, newest first. */
export async function listOrders(db: Db, scope: OrderScope): Promise<OrderSummary[]> {
  const orders = await scoped(db, scope).orderBy('createdAt', 'desc').orderBy('orderId', 'desc').execute();
  if (!orders.length) return [];
  const items = await db.selectFrom('orderItems').select(['orderId', 'stage', 'exceptionKind']).where('orderId', 'in', orders.map((o) => o.orderId)).execute();
  return orders.map((o) => {
    const mine = items.filter((i) => i.orderId === o.orderId);
    return {
      orderNumber: o.orderNumber,
      kind: o.kind as OrderKind,
      placedAt: o.createdAt.toISOString(),
      stage: orderStage(o.kind as OrderKind, mine.map((i) => i.stage)),
      itemCount: mine.length,
      needsAction: o.exceptionKind !== null || mine.some((i) => i.exceptionKind !== null),
    };
  });
}

/** A new order's number: the order's key, drawn from its sequence before the row is written (digits only, nothing personal). */
async function nextOrderId(tx: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('orders', 'order_id'))::integer as id`.execute(tx);
  return rows[0]!.id;
}

export interface NewOrderItem {
  rxId: number | null;
  drugName: string;
  daysSupply: number | null;
  copay: number | null;
}

export interface NewOrder {
  kind: OrderKind;
  patientId: number | null;
  memberNumber: string | null;
  linkKey?: number | null;
  transferRequestId?: number | null;
  shippingAddressId?: number | null;
  billingAddressId?: number | null;
  paymentCardId?: number | null;
  paymentMethodTypeId?: number | null;
  expeditedShipping?: boolean;
  items: NewOrderItem[];
}

/**
 * Writes an order and its items, each at its kind's first stage (reached now) and due to move on at
 * `dueAt(now)` (the fulfillment worker's schedule). Call inside the transaction of what placed it.
 */
export async function createOrder(tx: Db, order: NewOrder, now: Date, dueAt: (now: Date) => Date): Promise<{ orderId: number; orderNumber: string }> {
  const orderId = await nextOrderId(tx);
  const orderNumber = String(orderId);
  const { items, ...rest } = order;
  await tx.insertInto('orders').values({
    orderId,
    orderNumber,
    kind: rest.kind,
    patientId: rest.patientId,
    memberNumber: rest.memberNumber,
    linkKey: rest.linkKey ?? null,
    transferRequestId: rest.transferRequestId ?? null,
    shippingAddressId: rest.shippingAddressId ?? null,
    billingAddressId: rest.billingAddressId ?? null,
    paymentCardId: rest.paymentCardId ?? null,
    paymentMethodTypeId: rest.paymentMethodTypeId ?? null,
    expeditedShipping: rest.expeditedShipping ?? false,
    exceptionKind: null,
    exceptionReason: null,
    createdAt: now,
    updatedAt: now,
  }).execute();
  const first = ORDER_STAGES[order.kind][0]!;
  for (const item of items) {
    const { itemId } = await tx.insertInto('orderItems').values({ orderId, ...item, stage: first, nextAt: dueAt(now) })
      .returning('itemId').executeTakeFirstOrThrow();
    await tx.insertInto('orderItemStages').values({ itemId, stage: first, reachedAt: now }).execute();
  }
  return { orderId, orderNumber };
}

/** Every change of an order bumps its version (the ETag) and its updatedAt. */
export async function bumpVersion(tx: Db, orderId: number, now: Date): Promise<void> {
  await tx.updateTable('orders').set({ version: sql`version + 1`, updatedAt: now }).where('orderId', '=', orderId).execute();
}

/** The member's channel for an order's notifications (notification_settings: 1 call, 2 text, 3 email; none or opted out: none). */
async function channelOf(tx: Db, patientId: number | null): Promise<'email' | 'text' | 'call' | null> {
  if (patientId === null) return null;
  const setting = await tx.selectFrom('notificationSettings').select(['modalityTypeId', 'optIn']).where('patientId', '=', patientId).executeTakeFirst();
  if (!setting || !setting.optIn) return null;
  return ({ 1: 'call', 2: 'text', 3: 'email' } as const)[setting.modalityTypeId as 1 | 2 | 3] ?? null;
}

export type OutboxEvent = 'shipped' | 'delivered' | 'needsAction';

/**
 * The notification's words: the order number and the stage only, never a drug name nor anything about
 * health (a text or an email is read on a lock screen, or by someone else).
 */
export function outboxMessage(event: OutboxEvent, kind: OrderKind, orderNumber: string, stage: OrderStage): string {
  if (event === 'needsAction') return `Your order ${orderNumber} needs your attention. Check its status on our website or call us.`;
  return `Your order ${orderNumber}: ${stageLabel(kind, stage)}.`;
}

/** The outbox row of a change, in the caller's transaction, by the member's channel (none: no row). */
export async function writeOutbox(tx: Db, order: Pick<OrderRow, 'orderId' | 'orderNumber' | 'kind' | 'patientId'>, event: OutboxEvent, stage: OrderStage, now: Date): Promise<void> {
  const channel = await channelOf(tx, order.patientId);
  if (!channel) return;
  await tx.insertInto('outbox').values({
    orderId: order.orderId, channel, event, orderNumber: order.orderNumber, stage,
    message: outboxMessage(event, order.kind as OrderKind, order.orderNumber, stage), createdAt: now, sentAt: null,
  }).execute();
}

/** The demo shipment: one carrier, a tracking number from the item's key, delivery in 3 days. */
function demoShipment(item: Pick<Selectable<OrderItemsTable>, 'itemId'>, now: Date) {
  return { carrier: 'USPS', trackingNumber: `9400${String(item.itemId).padStart(18, '0')}`, expectedDelivery: pacificDay(now, 3) };
}

/**
 * Moves one item one stage on (the caller holds its row: `for update`), records the stage reached, sets the
 * shipment when shipped and the day when delivered, bumps the order's version, and writes the outbox row of
 * shipped and delivered. An item with an exception, or delivered, does not move (false).
 */
export async function advanceItem(tx: Db, itemId: number, now: Date, dueAt: ((now: Date) => Date) | null): Promise<boolean> {
  const item = await tx.selectFrom('orderItems').selectAll().where('itemId', '=', itemId).forUpdate().executeTakeFirstOrThrow();
  const order = await tx.selectFrom('orders').select(['orderId', 'orderNumber', 'kind', 'patientId']).where('orderId', '=', item.orderId).executeTakeFirstOrThrow();
  const kind = order.kind as OrderKind;
  const next = item.exceptionKind ? null : nextStage(kind, item.stage);
  if (!next) {
    if (!item.exceptionKind) await tx.updateTable('orderItems').set({ nextAt: null }).where('itemId', '=', itemId).execute();
    return false;
  }
  await tx.updateTable('orderItems').set({
    stage: next,
    nextAt: next === 'delivered' ? null : dueAt ? dueAt(now) : item.nextAt,
    ...(next === 'shipped' ? demoShipment(item, now) : {}),
    ...(next === 'delivered' ? { deliveredOn: pacificDay(now) } : {}),
  }).where('itemId', '=', itemId).execute();
  await tx.insertInto('orderItemStages').values({ itemId, stage: next, reachedAt: now }).execute();
  await bumpVersion(tx, order.orderId, now);
  if (next === 'shipped' || next === 'delivered') await writeOutbox(tx, order, next, next, now);
  return true;
}

/** Order-wide exceptions (the payment, the parcel); the others are a prescription's. */
const ORDER_WIDE: ReadonlySet<OrderExceptionKind> = new Set(['paymentDeclined', 'shipmentDelayed']);

/**
 * Sets (kind) or clears (null) an exception on an item, or on the whole order when no item is named
 * (an order-wide kind also stops every item). Setting one writes the outbox's "needs action".
 */
export async function setException(tx: Db, orderId: number, change: { kind: OrderExceptionKind | null; itemId?: number; reason?: string | null }, now: Date): Promise<void> {
  const order = await tx.selectFrom('orders').select(['orderId', 'orderNumber', 'kind', 'patientId']).where('orderId', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  const items = await tx.selectFrom('orderItems').select(['itemId', 'stage']).where('orderId', '=', orderId).orderBy('itemId').execute();
  if (change.itemId !== undefined && !items.some((i) => i.itemId === change.itemId)) throw notFound('No such item in this order.');
  const reason = change.reason ?? null;
  if (change.itemId === undefined && (change.kind === null || ORDER_WIDE.has(change.kind))) {
    await tx.updateTable('orders').set({ exceptionKind: change.kind as 'paymentDeclined' | 'shipmentDelayed' | null, exceptionReason: change.kind ? reason : null })
      .where('orderId', '=', orderId).execute();
    if (change.kind === null) {
      await tx.updateTable('orderItems').set({ exceptionKind: null, exceptionReason: null, askedAgainOn: null }).where('orderId', '=', orderId).execute();
    }
  } else {
    const ids = change.itemId !== undefined ? [change.itemId] : items.map((i) => i.itemId);
    await tx.updateTable('orderItems').set({ exceptionKind: change.kind, exceptionReason: change.kind ? reason : null, askedAgainOn: null })
      .where('itemId', 'in', ids).execute();
  }
  await bumpVersion(tx, orderId, now);
  if (change.kind !== null) await writeOutbox(tx, order, 'needsAction', orderStage(order.kind as OrderKind, items.map((i) => i.stage)), now);
}

/** Whether the order (or one of its items) waits for a new card. */
export async function paymentDeclined(db: Db, order: Pick<OrderRow, 'orderId' | 'exceptionKind'>): Promise<boolean> {
  if (order.exceptionKind === 'paymentDeclined') return true;
  const item = await db.selectFrom('orderItems').select('itemId').where('orderId', '=', order.orderId).where('exceptionKind', '=', 'paymentDeclined').executeTakeFirst();
  return item !== undefined;
}
