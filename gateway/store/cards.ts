/**
 * Payment cards, shared by the member calls (/mmar/PaymentMethods) and the Easy
 * Fill calls (/easyfill/paymentmethods). A card is saved from a token of the
 * hosted tokenizer (tokenizer_sessions): the gateway never sees, nor stores,
 * the card number; it keeps the token and the last four digits.
 */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { PaymentCardsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { GatewayError, conflict } from '../errors.ts';
import { inTransaction } from './idempotency.ts';

export const CARD_EXISTS = 'Payment method already exists.';
import { ownedBy } from '../handlers/scope.ts';
import { lockPatient } from './locks.ts';

type PaymentCard = components['schemas']['PaymentCard'];
type CardSave = components['schemas']['CardSave'];

export const CARD_TYPE_DESC: Record<number, string> = {
  1: 'VISA', 2: 'MASTERCARD', 3: 'DISCOVER', 4: 'AMEX', 5: 'MASTERCARD DEBIT', 6: 'VISA DEBIT',
};

export function cardOut(c: Selectable<PaymentCardsTable>): PaymentCard {
  const expiration = `${String(c.cardMonth).padStart(2, '0')}/${c.cardYear}`;
  return {
    id: c.cardSeqNum,
    cardSeqNum: c.cardSeqNum,
    patientNum: c.patientId,
    defaultCard: c.defaultCard,
    cardFirstName: c.cardFirstName,
    cardLastName: c.cardLastName,
    cardNumber: c.lastDigits,
    cardType: CARD_TYPE_DESC[c.cardTypeNum],
    cardTypeNum: c.cardTypeNum as PaymentCard['cardTypeNum'],
    cardTypeDesc: CARD_TYPE_DESC[c.cardTypeNum],
    cardMonthNum: c.cardMonth,
    cardYear: c.cardYear,
    cardExpiration: expiration,
    pciToken: c.pciToken,
    fsaCard: c.fsaCard,
    cardActive: c.cardActive,
  };
}

export async function listCards(db: Db, patientId: number): Promise<PaymentCard[]> {
  const rows = await db.selectFrom('paymentCards').selectAll().where('patientId', '=', patientId).where('cardActive', '=', true).orderBy('cardSeqNum').execute();
  return rows.map(cardOut);
}

/** The tokenizer session that produced a token for this patient (or member, before registration). */
export async function tokenizedCard(db: Db, pciToken: string, owner: { patientId: number | null; memberNumber: string | null }) {
  const session = await db.selectFrom('tokenizerSessions').selectAll().where('pciToken', '=', pciToken).executeTakeFirst();
  const mine = session && ((owner.patientId !== null && session.patientId === owner.patientId) || (owner.memberNumber !== null && session.memberNumber === owner.memberNumber));
  if (!session || !mine || !session.lastDigits) throw new GatewayError(422, 'Error occured - Card Number and/or Card Details are missing.');
  return { lastDigits: session.lastDigits, cardTypeNum: session.cardTypeNum };
}

/** Expiry must not be in the past (the month of `today` still counts). */
export function checkExpiry(month: number, year: number, today: Date): void {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  if (year < y || (year === y && month < m)) throw new GatewayError(422, 'Card Expiration is invalid');
}

/** Adds (no cardSeqNum) or updates a card; the number itself is not editable. */
export async function saveCard(db: Db, patientId: number, input: CardSave, today: Date, cardSeqNum?: number): Promise<number> {
  checkExpiry(input.cardMonthNum, input.cardYear, today);
  // The caller's transaction, when it has one (an Idempotency-Key's: store/idempotency.ts).
  return inTransaction(db, async (tx) => {
    await lockPatient(tx, patientId);
    let lastDigits: string;
    if (cardSeqNum !== undefined) {
      const existing = ownedBy(await tx.selectFrom('paymentCards').selectAll().where('cardSeqNum', '=', cardSeqNum).executeTakeFirst(), patientId, 'Payment method');
      if (existing.pciToken !== input.pciToken) throw new GatewayError(422, 'The card number cannot be changed; add a new card instead.');
      lastDigits = existing.lastDigits;
    } else {
      lastDigits = (await tokenizedCard(tx, input.pciToken, { patientId, memberNumber: null })).lastDigits;
      // One card per token, as one address per address: behind the patient's lock, a repeat sees the first.
      const saved = await tx.selectFrom('paymentCards').select('cardSeqNum').where('patientId', '=', patientId)
        .where('pciToken', '=', input.pciToken).where('cardActive', '=', true).executeTakeFirst();
      if (saved) throw conflict(CARD_EXISTS);
    }
    if (input.defaultCard) await tx.updateTable('paymentCards').set({ defaultCard: false }).where('patientId', '=', patientId).execute();
    const values = {
      patientId,
      cardFirstName: input.cardFirstName.trim(),
      cardLastName: input.cardLastName.trim(),
      cardTypeNum: input.cardTypeNum,
      lastDigits,
      pciToken: input.pciToken,
      cardMonth: input.cardMonthNum,
      cardYear: input.cardYear,
      fsaCard: input.isFsaCard ?? false,
      defaultCard: input.defaultCard,
      cardActive: true,
    };
    if (cardSeqNum !== undefined) {
      await tx.updateTable('paymentCards').set(values).where('cardSeqNum', '=', cardSeqNum).execute();
      return cardSeqNum;
    }
    const row = await tx.insertInto('paymentCards').values(values).returning('cardSeqNum').executeTakeFirstOrThrow();
    return row.cardSeqNum;
  });
}
