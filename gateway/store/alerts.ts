/**
 * The missing-information flags of the registration / missing-information
 * page, shared by checkEligibility and getPatientAlerts.
 */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';

export type MissingAlerts = components['schemas']['MissingAlerts'];

/** An unregistered member has to supply everything. */
const ALL_MISSING: MissingAlerts = {
  missingShippingAddress: true,
  missingContactPhoneNumber: true,
  missingPaymentInfo: true,
  missingNotificationPrefs: true,
  missingHealthInfo: true,
};

const exists = async (q: { executeTakeFirst(): Promise<unknown> }) => (await q.executeTakeFirst()) !== undefined;

/**
 * Payment counts as missing whenever no active card is on file, even for a
 * bill-me-later member: bill-me-later only lets the person skip the card in
 * the UI (the spec lists Linda, who may bill later, as missing payment).
 * Health information needs both an allergy answer and a condition answer; the
 * explicit "none" entries count as answers.
 */
export async function missingAlerts(db: Db, patientId: number | null): Promise<MissingAlerts> {
  if (patientId === null) return { ...ALL_MISSING };
  const [shipping, phone, card, notification, allergy, condition] = await Promise.all([
    exists(db.selectFrom('addresses').select('addressId').where('patientId', '=', patientId).where('active', '=', true).where('defaultShipping', '=', true)),
    exists(db.selectFrom('phones').select('phoneId').where('patientId', '=', patientId).where('isPrimary', '=', true)),
    exists(db.selectFrom('paymentCards').select('cardSeqNum').where('patientId', '=', patientId).where('cardActive', '=', true)),
    exists(db.selectFrom('notificationSettings').select('id').where('patientId', '=', patientId)),
    exists(db.selectFrom('patientAllergies').select('allergySeqNum').where('patientId', '=', patientId)),
    exists(db.selectFrom('patientConditions').select('diseaseSeqNum').where('patientId', '=', patientId)),
  ]);
  return {
    missingShippingAddress: !shipping,
    missingContactPhoneNumber: !phone,
    missingPaymentInfo: !card,
    missingNotificationPrefs: !notification,
    missingHealthInfo: !allergy || !condition,
  };
}
