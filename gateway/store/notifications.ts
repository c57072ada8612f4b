/**
 * Notification preferences: the one rule that decides what a choice of
 * modality stores, shared by the Notification calls and mail-order
 * registration.
 */
import type { Selectable } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { NotificationSettingsTable } from '../db/schema.ts';
import { GatewayError } from '../errors.ts';
import { ownedBy } from '../handlers/scope.ts';

type NotificationSetting = components['schemas']['NotificationSetting'];
type TimeZone = components['schemas']['TimeZoneCode'];
type ModalityId = components['schemas']['ModalityTypeId'];

export interface NotificationChoice {
  modalityTypeId: ModalityId;
  /** The phone for call or text; the primary phone when absent. */
  modalityValueId?: number | null;
  optIn: boolean;
  timeZone: TimeZone;
}

export const MODALITY_DESC: Record<ModalityId, string> = { 0: 'None', 1: 'Call', 2: 'Text', 3: 'Email' };
const MOBILE = 8;
const unprocessable = (m: string) => new GatewayError(422, m);

/** Part D members and California residents may not turn notifications off (spec section 6). */
async function notificationsMandatory(db: Db, patientId: number): Promise<boolean> {
  const member = await db.selectFrom('members').select('isPartD').where('patientId', '=', patientId).executeTakeFirst();
  if (member?.isPartD) return true;
  const shipping = await db.selectFrom('addresses').select('state')
    .where('patientId', '=', patientId).where('active', '=', true).where('defaultShipping', '=', true).executeTakeFirst();
  return shipping?.state === 'CA';
}

/**
 * Checks a choice against what is on file for the patient and returns the row
 * to store. Reads the database only, so registration calls it inside its
 * transaction once the new patient's phones, email and address are written.
 */
export async function resolveNotification(db: Db, patientId: number, choice: NotificationChoice) {
  const mandatory = await notificationsMandatory(db, patientId);
  const base = { patientId, modalityTypeId: choice.modalityTypeId };
  // Opting out of call, text or email is turning notifications off all the same.
  if (mandatory && (choice.modalityTypeId === 0 || !choice.optIn)) throw unprocessable('Notifications are required for your plan.');
  switch (choice.modalityTypeId) {
    case 0:
      if (choice.optIn) throw unprocessable('Choosing no notifications cannot opt in.');
      return { ...base, modalityValueId: null, modalityValue: null, optIn: false, timeZone: null };
    case 1:
    case 2: {
      if (!choice.timeZone) throw unprocessable('Select Time Zone');
      const phone = choice.modalityValueId
        ? ownedBy(await db.selectFrom('phones').selectAll().where('phoneId', '=', choice.modalityValueId).executeTakeFirst(), patientId, 'Phone')
        : await db.selectFrom('phones').selectAll().where('patientId', '=', patientId).where('isPrimary', '=', true).executeTakeFirst();
      if (!phone) throw unprocessable('No phone number on file.');
      if (choice.modalityTypeId === 2 && phone.phoneType !== MOBILE) throw unprocessable('SMS Text needs a mobile phone number.');
      return { ...base, modalityValueId: phone.phoneId, modalityValue: `${phone.areaCode}${phone.phoneNumber}`, optIn: choice.optIn, timeZone: choice.timeZone };
    }
    case 3: {
      const patient = await db.selectFrom('patients').select('email').where('patientId', '=', patientId).executeTakeFirst();
      if (!patient?.email) throw unprocessable('No email on file.');
      return { ...base, modalityValueId: null, modalityValue: patient.email, optIn: choice.optIn, timeZone: null };
    }
  }
}

export function notificationOut(row: Selectable<NotificationSettingsTable>): NotificationSetting {
  const modality = row.modalityTypeId as ModalityId;
  return {
    id: row.id,
    patientId: row.patientId,
    modalityType: { id: modality, description: MODALITY_DESC[modality] },
    // An email has no record id of its own: 0 stands for "the email on file".
    modalityValue: row.modalityValue === null ? null : { id: row.modalityValueId ?? 0, value: row.modalityValue },
    includePHI: false,
    optIn: row.optIn,
    timeZone: row.timeZone as TimeZone,
  };
}
