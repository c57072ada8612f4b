/** Easy Fill: the personalised refill link (spec: link-flows-and-public-pages.md 2.15, 3, 7). */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Context, Handlers } from './types.ts';
import { alias, empty, ok } from './types.ts';
import { memberHandlers } from './member.ts';
import { linkOf } from './scope.ts';
import { GatewayError, forbidden, notFound } from '../errors.ts';
import { autoRefillRefusalOf, linkInfo, linkPrescriptions, pendingLinkPrescriptions, verifyLink } from '../store/links.ts';
import { addressAndCardHandlers } from './profile.ts';
import { linkOrderHandler } from './linkOrder.ts';
import type { PrescriptionsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

type EasyFillDrug = components['schemas']['EasyFillDrug'];

/** A consent given from an Easy Fill toggle lasts a year. */
const CONSENT_DAYS = 365;

const drugOut = (rx: Selectable<PrescriptionsTable>, selected: boolean): EasyFillDrug => ({
  rxId: rx.rxId,
  dispensedMedName: `${rx.dispensedMedName} ${rx.strength}`,
  daysSupply: rx.daysSupply,
  copay: rx.copay,
  selected,
  autoFillEligible: rx.autoFillEligible,
  autoFillStatusValue: rx.autoRefillOn,
});

type EasyFillOps =
  | 'validateEasyFillLink' | 'verifyEasyFill' | 'listEasyFillPrescriptions' | 'listEasyFillAddresses'
  | 'addEasyFillAddress' | 'updateEasyFillAddress' | 'listEasyFillPaymentMethods' | 'addEasyFillPaymentMethod'
  | 'updateEasyFillPaymentMethod' | 'lookupEasyFillZipCode' | 'placeEasyFillOrder' | 'getPrescriptionDetailsByIds'
  | 'toggleEasyFillAutoRefill';

export function easyFillHandlers(ctx: Context): Pick<Handlers, EasyFillOps> {
  const { db, tokens, now } = ctx;
  const shared = addressAndCardHandlers(ctx);
  /** The link's prescriptions with these ids; 403 if any is not the link's (another link's, even of the same patient), 404 if unknown. */
  const linkDrugs = async (link: { linkKey: number }, rxIds: number[]) => {
    const ids = [...new Set(rxIds)];
    const rows = await linkPrescriptions(db, link.linkKey, ids);
    if (rows.length === ids.length) return rows;
    const known = await db.selectFrom('prescriptions').select('rxId').where('rxId', 'in', ids).execute();
    if (known.length !== ids.length) throw notFound('Prescription not found.');
    throw forbidden('A prescription of this request does not belong to this link.');
  };

  return {
    async validateEasyFillLink({ query, body }) {
      return ok(await linkInfo(db, 'easyfill', query.linkId, body.updateClicks, now()));
    },
    async verifyEasyFill({ body, audit }) {
      return ok(await verifyLink(db, tokens, 'easyfill', { ...body, code: body.easyFillCode }, now(), audit));
    },
    async listEasyFillPrescriptions({ patient }) {
      const rows = await pendingLinkPrescriptions(db, linkOf(patient).linkKey);
      return rows.length ? ok(rows.map((r) => drugOut(r, false))) : empty();
    },
    // The member site's address and card operations, under the /easyfill prefix.
    listEasyFillAddresses: alias<'listAddresses', 'listEasyFillAddresses'>(shared.listAddresses),
    addEasyFillAddress: alias<'addAddress', 'addEasyFillAddress'>(shared.addAddress),
    updateEasyFillAddress: alias<'updateAddress', 'updateEasyFillAddress'>(shared.updateAddress),
    listEasyFillPaymentMethods: alias<'listPaymentMethods', 'listEasyFillPaymentMethods'>(shared.listPaymentMethods),
    addEasyFillPaymentMethod: alias<'addPaymentMethod', 'addEasyFillPaymentMethod'>(shared.addPaymentMethod),
    updateEasyFillPaymentMethod: alias<'updatePaymentMethod', 'updateEasyFillPaymentMethod'>(shared.updatePaymentMethod),
    lookupEasyFillZipCode: alias<'lookupZipCode', 'lookupEasyFillZipCode'>(memberHandlers(ctx).lookupZipCode),
    placeEasyFillOrder: linkOrderHandler(ctx, 'placeEasyFillOrder'),
    async getPrescriptionDetailsByIds({ patient, body }) {
      const rows = await linkDrugs(linkOf(patient), body.rxIds);
      return ok(rows.sort((a, b) => a.dispensedMedName.localeCompare(b.dispensedMedName)).map((r) => drugOut(r, true)));
    },
    async toggleEasyFillAutoRefill({ patient, body }) {
      const rows = await linkDrugs(linkOf(patient), body.rxs);
      // Auto Refill's own rule (not only the eligibility flag); turning off is always allowed.
      const refusal = body.autoRefill ? rows.map(autoRefillRefusalOf).find((r) => r !== null) : undefined;
      if (refusal) throw new GatewayError(422, refusal);
      const consentEnd = new Date(now().getTime() + CONSENT_DAYS * 86_400_000).toISOString().slice(0, 10);
      await db.updateTable('prescriptions')
        .set({ autoRefillOn: body.autoRefill, consentEndDate: body.autoRefill ? consentEnd : null })
        .where('rxId', 'in', rows.map((r) => r.rxId)).execute();
      return ok({ messageStatus: true, rxs: rows.map((r) => ({ rxId: r.rxId, autoRefill: body.autoRefill })) });
    },
  };
}
