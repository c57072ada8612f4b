/** Auto Refill: the enrolment link (spec: link-flows-and-public-pages.md 2.16-2.20, 3, 7). */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Context, Handlers } from './types.ts';
import { empty, ok } from './types.ts';
import { linkOf } from './scope.ts';
import { GatewayError, forbidden } from '../errors.ts';
import { autoRefillRefusalOf, linkInfo, linkPrescriptions, verifyLink } from '../store/links.ts';
import { cardOut } from '../store/cards.ts';
import { linkOrderHandler } from './linkOrder.ts';
import { lockLink } from '../store/locks.ts';
import { idempotencyKeyOf, idempotent, inTransaction, linkCaller } from '../store/idempotency.ts';
import type { Db } from '../db/database.ts';

type ManageARInfo = components['schemas']['ManageARInfo'];
type ManageAutoRefillItem = components['schemas']['ManageAutoRefillItem'];

/** An enrolment lasts a year; one ending within this many days is offered for renewal. */
const CONSENT_DAYS = 365;
const RENEWAL_WINDOW_DAYS = 30;

type AutoRefillOps =
  | 'validateAutoRefillLink' | 'verifyAutoRefill' | 'listAutoRefillPrescriptions' | 'getAutoRefillShipmentAddress'
  | 'getAutoRefillPayment' | 'placeAutoRefillOrder' | 'manageAutoRefill';

export function autoRefillHandlers(ctx: Context): Pick<Handlers, AutoRefillOps> {
  const { db, tokens, now } = ctx;
  const isoDay = (offsetDays: number) => new Date(now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  return {
    async validateAutoRefillLink({ query, body }) {
      return ok(await linkInfo(db, 'autorefill', query.linkId, body.updateClicks, now()));
    },
    async verifyAutoRefill({ body, audit }) {
      return ok(await verifyLink(db, tokens, 'autorefill', { ...body, code: body.autoRefillCode }, now(), audit));
    },
    async listAutoRefillPrescriptions({ patient }) {
      const rows = await linkPrescriptions(db, linkOf(patient).linkKey);
      if (!rows.length) return empty();
      const renewBy = isoDay(RENEWAL_WINDOW_DAYS);
      return ok(rows.map((rx) => ({
        rxId: rx.rxId,
        dispensedMedName: rx.dispensedMedName,
        strength: rx.strength,
        dosageForm: rx.dosageForm,
        selected: rx.requested,
        selectedRxForAutoRefill: rx.requested,
        autoRefillConsent: rx.consentEndDate ? { endDate: rx.consentEndDate } : null,
        autoFillStatus: rx.autoRefillOn ? ('True' as const) : ('False' as const),
        autoFillEligible: rx.autoFillEligible,
        isConsentExtension: rx.autoRefillOn && rx.consentEndDate !== null && rx.consentEndDate <= renewBy,
        mustPlaceEPostRxOrder: rx.mustPlaceOrder,
        recommendedRefillDate: rx.recommendedRefillDate,
        copay: rx.copay,
      })));
    },
    async getAutoRefillShipmentAddress({ patient }) {
      const { patientId } = linkOf(patient);
      const a = await db.selectFrom('addresses').selectAll().where('patientId', '=', patientId)
        .where('defaultShipping', '=', true).where('active', '=', true).executeTakeFirst();
      return a ? ok({ addressId: a.addressId, address1: a.address1, address2: a.address2, city: a.city, state: a.state, zipCode: a.zipCode }) : empty();
    },
    async getAutoRefillPayment({ patient }) {
      const { patientId } = linkOf(patient);
      const card = await db.selectFrom('paymentCards').selectAll().where('patientId', '=', patientId)
        .where('defaultCard', '=', true).where('cardActive', '=', true).executeTakeFirst();
      return card ? ok(cardOut(card)) : empty();
    },
    placeAutoRefillOrder: linkOrderHandler(ctx, 'placeAutoRefillOrder'),
    async manageAutoRefill({ patient, body, headers }) {
      const link = linkOf(patient);
      const consentEnd = isoDay(CONSENT_DAYS);
      // One enrolment per Idempotency-Key (store/idempotency.ts): a repeat gets the first answer, 207 included.
      const call = { key: idempotencyKeyOf(headers), who: linkCaller(link), operation: 'manageAutoRefill', body, now: now() };
      return idempotent(db, call, (tx) => enrol(tx, link, body, consentEnd));
    },
  };
}

/**
 * Enrols each prescription on its own (manageAutoRefill), in the caller's
 * transaction: one that fails auto refill's rule (not eligible, a controlled
 * substance, under 84 days' supply, must be ordered first: autoRefillRefusalOf)
 * does not stop the others. All enrolled: 200; some: 207; none: 422.
 */
async function enrol(db: Db, link: { linkKey: number }, body: ManageAutoRefillItem[], consentEnd: string) {
  // One enrolment or order of the link at a time: the rules read what the other wrote.
  const results = await inTransaction(db, async (tx) => {
    await lockLink(tx, link.linkKey);
    const onLink = await linkPrescriptions(tx, link.linkKey);
    const done: ManageARInfo[] = [];
    for (const item of body) {
      const rx = onLink.find((r) => r.rxId === item.rxId);
      if (!rx) throw forbidden('A prescription of this request does not belong to this link.');
      const refusal = autoRefillRefusalOf(rx);
      if (refusal) {
        done.push({ rxId: rx.rxId, autoRefillConsent: false, messageStatus: false, messageErrorText: refusal });
        continue;
      }
      await tx.updateTable('prescriptions').set({ autoRefillOn: true, consentEndDate: consentEnd }).where('rxId', '=', rx.rxId).execute();
      done.push({ rxId: rx.rxId, autoRefillConsent: true, messageStatus: true, messageErrorText: null });
    }
    return done;
  });
  const enrolled = results.filter((r) => r.messageStatus).length;
  if (enrolled === 0) throw new GatewayError(422, results[0]?.messageErrorText ?? 'Auto Refill could not be updated.');
  if (enrolled < results.length) return { status: 207 as const, body: { statusCode: 207, manageARInfo: results } };
  return ok({ statusCode: 200, manageARInfo: results });
}
