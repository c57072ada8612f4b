/**
 * Orders placed from refill links (Easy Fill "Fill Now", Auto Refill's
 * order-before-enrolment). The order, its lines, its shipping and payment ids
 * are stored; ordered prescriptions leave the link's pending list.
 */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import { GatewayError, conflict, forbidden } from '../errors.ts';
import { ownedBy } from '../handlers/scope.ts';
import { lockLink } from './locks.ts';
import { inTransaction } from './idempotency.ts';
import { createOrder } from './orderStatus.ts';

type OrderCart = components['schemas']['OrderCart'];
type OrderResult = components['schemas']['OrderResult'];

/** paymentMethodTypeId 6 is bill me later (no card); any other value pays with the card. */
export const BILL_ME_LATER_PAYMENT_TYPE = 6;

export async function placeLinkOrder(db: Db, link: { patientId: number; linkKey: number }, cart: OrderCart, now: Date, dueAt: (now: Date) => Date): Promise<OrderResult> {
  // The caller's transaction, when it has one (an Idempotency-Key's: store/idempotency.ts).
  return inTransaction(db, async (tx) => {
    // Parallel orders of one link queue here: the second sees the first's lines ordered (409).
    await lockLink(tx, link.linkKey);
    const { patientId } = link;
    for (const id of new Set([cart.shippingAddressId, cart.billingAddressId])) {
      const address = ownedBy(await tx.selectFrom('addresses').selectAll().where('addressId', '=', id).executeTakeFirst(), patientId, 'Address');
      if (!address.active) throw new GatewayError(422, 'Shipping address required.');
    }
    if (cart.paymentCardId === null) {
      const member = await tx.selectFrom('patients').innerJoin('members', 'members.memberNumber', 'patients.memberNumber')
        .select('members.allowBillMeLater').where('patients.patientId', '=', patientId).executeTakeFirstOrThrow();
      if (!member.allowBillMeLater || cart.paymentMethodTypeId !== BILL_ME_LATER_PAYMENT_TYPE) throw new GatewayError(422, 'Payment method required.');
    } else {
      const card = ownedBy(await tx.selectFrom('paymentCards').selectAll().where('cardSeqNum', '=', cart.paymentCardId).executeTakeFirst(), patientId, 'Payment method');
      if (!card.cardActive) throw new GatewayError(422, 'Payment method required.');
    }
    const rxIds = [...new Set(cart.orderLineItems.map((l) => l.rxId))];
    const lines = await tx.selectFrom('linkPrescriptions').selectAll().where('linkKey', '=', link.linkKey).where('rxId', 'in', rxIds).execute();
    if (lines.length !== rxIds.length) throw forbidden('A prescription of this order does not belong to this link.');
    if (lines.some((l) => l.orderedAt !== null)) throw conflict('Prescriptions have already been ordered.');

    // The order and its prescriptions' status (store/orderStatus.ts): its number is what the confirmation shows.
    const rxs = await tx.selectFrom('prescriptions').select(['rxId', 'dispensedMedName', 'strength', 'daysSupply', 'copay']).where('rxId', 'in', rxIds).orderBy('rxId').execute();
    const order = await createOrder(tx, {
      kind: 'refill',
      patientId,
      memberNumber: null,
      linkKey: link.linkKey,
      shippingAddressId: cart.shippingAddressId,
      billingAddressId: cart.billingAddressId,
      paymentCardId: cart.paymentCardId,
      paymentMethodTypeId: cart.paymentMethodTypeId,
      expeditedShipping: cart.expeditedShipping,
      items: rxs.map((rx) => ({ rxId: rx.rxId, drugName: `${rx.dispensedMedName} ${rx.strength}`, daysSupply: rx.daysSupply, copay: rx.copay })),
    }, now, dueAt);
    await tx.insertInto('orderLines').values(rxIds.map((rxId) => ({ orderId: order.orderId, rxId, priorityItem: true }))).execute();
    await tx.updateTable('linkPrescriptions').set({ orderedAt: now }).where('linkKey', '=', link.linkKey).where('rxId', 'in', rxIds).execute();
    await tx.updateTable('prescriptions').set({ mustPlaceOrder: false }).where('rxId', 'in', rxIds).execute();
    return { orderId: order.orderId, orderCartId: order.orderId, orderNumber: order.orderNumber, messageStatus: true, messageErrorText: null };
  });
}
