/**
 * Patient phones, shared by the phone calls and mail-order registration.
 * Numbers are kept split as area code (3 digits) + number (7 digits).
 */
import type { Selectable } from 'kysely';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { PhonesTable } from '../db/schema.ts';

type PhoneRecord = components['schemas']['PhoneRecord'];

export interface PhoneInput {
  areaCode: string;
  phoneNumber: string;
  phoneType: number;
  extension?: string | null;
  isPrimary: boolean;
}

/** Splits the 10 digits of a phone post payload. */
export const splitNumber = (number: string) => ({ areaCode: number.slice(0, 3), phoneNumber: number.slice(3) });

export function phoneOut(p: Selectable<PhonesTable>): PhoneRecord {
  return {
    phoneId: p.phoneId,
    areaCode: p.areaCode,
    phoneNumber: p.phoneNumber,
    phoneType: p.phoneType as PhoneRecord['phoneType'],
    isPrimary: p.isPrimary,
    sourceId: p.sourceId,
    extension: p.extension,
  };
}

/**
 * Adds (no phoneId) or changes a phone. A patient has one primary phone: a new
 * primary takes the flag from the others. Ownership of phoneId is the caller's.
 */
export async function writePhone(db: Db, patientId: number, input: PhoneInput, phoneId?: number): Promise<number> {
  if (input.isPrimary) {
    await db.updateTable('phones').set({ isPrimary: false }).where('patientId', '=', patientId).execute();
  }
  const values = {
    areaCode: input.areaCode,
    phoneNumber: input.phoneNumber,
    phoneType: input.phoneType,
    extension: input.extension || null,
    isPrimary: input.isPrimary,
  };
  if (phoneId !== undefined) {
    await db.updateTable('phones').set(values).where('phoneId', '=', phoneId).execute();
    return phoneId;
  }
  const row = await db.insertInto('phones').values({ ...values, patientId, sourceId: 1 }).returning('phoneId').executeTakeFirstOrThrow();
  return row.phoneId;
}
