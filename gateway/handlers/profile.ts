/**
 * A registered patient's contact and payment details: addresses, phones,
 * email, notification preference and saved cards. Every call is scoped by the
 * patient token.
 */
import type { Context, Handlers, OperationId } from './types.ts';
import { empty, ok } from './types.ts';
import { GatewayError, conflict } from '../errors.ts';
import { ownedBy, patientOf, samePatient } from './scope.ts';
import { listAddresses, saveAddress } from '../store/addresses.ts';
import { listCards, saveCard } from '../store/cards.ts';
import { phoneOut, splitNumber, writePhone } from '../store/phones.ts';
import { notificationOut, resolveNotification } from '../store/notifications.ts';
import { lockPatient } from '../store/locks.ts';
import { idempotencyKeyOf, idempotent, patientCaller } from '../store/idempotency.ts';

export function profileHandlers(ctx: Context): Pick<Handlers,
  'listAddresses' | 'addAddress' | 'updateAddress' | 'listPhones' | 'addPhone' | 'updatePhone' | 'getEmail' | 'updateEmail'
  | 'getNotificationSettings' | 'createNotificationSettings' | 'updateNotificationSettings'
  | 'listPaymentMethods' | 'addPaymentMethod' | 'updatePaymentMethod'> {
  const { db } = ctx;
  return {
    ...addressAndCardHandlers(ctx),

    async listPhones({ patient }) {
      const rows = await db.selectFrom('phones').selectAll().where('patientId', '=', patientOf(patient))
        .orderBy('isPrimary', 'desc').orderBy('phoneId').execute();
      return rows.length ? ok(rows.map(phoneOut)) : empty();
    },

    async addPhone({ body, patient }) {
      const pid = patientOf(patient);
      const phoneId = await db.transaction().execute(async (tx) => {
        await lockPatient(tx, pid);
        return writePhone(tx, pid, { ...splitNumber(body.number), ...body });
      });
      return ok({ messageStatus: true, phoneId });
    },

    async updatePhone({ body, patient }) {
      const pid = patientOf(patient);
      const phoneId = await db.transaction().execute(async (tx) => {
        await lockPatient(tx, pid);
        ownedBy(await tx.selectFrom('phones').selectAll().where('phoneId', '=', body.phoneId).executeTakeFirst(), pid, 'Phone');
        return writePhone(tx, pid, { ...splitNumber(body.number), ...body }, body.phoneId);
      });
      return ok({ messageStatus: true, phoneId });
    },

    async getEmail({ patient }) {
      const row = await db.selectFrom('patients').select('email').where('patientId', '=', patientOf(patient)).executeTakeFirst();
      return ok({ emailAddress: row?.email ?? null });
    },

    async updateEmail({ body, patient }) {
      const pid = patientOf(patient);
      const email = body.newEmailAddress.trim();
      await db.transaction().execute(async (tx) => {
        const row = await tx.selectFrom('patients').select('email').where('patientId', '=', pid).executeTakeFirstOrThrow();
        if (row.email?.toLowerCase() === email.toLowerCase()) {
          throw new GatewayError(422, 'The new email address is the same as the current one.');
        }
        await tx.updateTable('patients').set({ email }).where('patientId', '=', pid).execute();
        // Email notifications go to the address on file: keep them following it.
        await tx.updateTable('notificationSettings').set({ modalityValue: email })
          .where('patientId', '=', pid).where('modalityTypeId', '=', 3).execute();
      });
      return ok({ messageStatus: true, messageErrorText: null });
    },

    async getNotificationSettings({ patient }) {
      const row = await db.selectFrom('notificationSettings').selectAll().where('patientId', '=', patientOf(patient)).executeTakeFirst();
      return row ? ok([notificationOut(row)]) : empty();
    },

    async createNotificationSettings({ body, patient }) {
      const pid = samePatient(patient, body.patientId);
      const row = await db.transaction().execute(async (tx) => {
        await lockPatient(tx, pid);
        const existing = await tx.selectFrom('notificationSettings').select('id').where('patientId', '=', pid).executeTakeFirst();
        if (existing) throw conflict('Notification settings already exist; change them instead.');
        const values = await resolveNotification(tx, pid, body);
        return tx.insertInto('notificationSettings').values(values).returningAll().executeTakeFirstOrThrow();
      });
      return ok(notificationOut(row));
    },

    async updateNotificationSettings({ body, patient }) {
      const pid = samePatient(patient, body.patientId);
      const row = await db.transaction().execute(async (tx) => {
        ownedBy(await tx.selectFrom('notificationSettings').selectAll().where('id', '=', body.id).executeTakeFirst(), pid, 'Notification setting');
        const values = await resolveNotification(tx, pid, body);
        return tx.updateTable('notificationSettings').set(values).where('id', '=', body.id).returningAll().executeTakeFirstOrThrow();
      });
      return ok(notificationOut(row));
    },
  };
}

/**
 * The operations whose handlers fold the patient token's revocation lookup into
 * their query (app.ts `foldsRevocation`): one round trip instead of two for the
 * address list, the busiest patient call (`npm run load`).
 */
export const REVOCATION_FOLDED: readonly OperationId[] = ['listAddresses', 'listEasyFillAddresses'];

type AddressAndCardOps = 'listAddresses' | 'addAddress' | 'updateAddress' | 'listPaymentMethods' | 'addPaymentMethod' | 'updatePaymentMethod';

/**
 * Saved addresses and cards. The member site (/mmar) and Easy Fill
 * (/easyfill) call the same operations under two prefixes; easyfill.ts reuses
 * these handlers.
 */
export function addressAndCardHandlers({ db, now }: Context): Pick<Handlers, AddressAndCardOps> {
  return {
    async listAddresses({ patient, revocation }) {
      const addresses = await listAddresses(db, patientOf(patient), revocation);
      return addresses.length ? ok(addresses) : empty();
    },
    async addAddress({ body, patient }) {
      // POST always adds: an addressId in its body is ignored (contract).
      return ok({ id: await saveAddress(db, patientOf(patient), body) });
    },
    async updateAddress({ body, patient }) {
      return ok({ id: await saveAddress(db, patientOf(patient), body, body.addressId) });
    },
    async listPaymentMethods({ patient }) {
      const cards = await listCards(db, patientOf(patient));
      return cards.length ? ok(cards) : empty();
    },
    // One card per token (store/cards.ts); an Idempotency-Key gets a repeat the first answer.
    async addPaymentMethod({ body, patient, headers }) {
      const pid = patientOf(patient);
      const at = now();
      return idempotent(db, { key: idempotencyKeyOf(headers), who: patientCaller(pid), operation: 'addPaymentMethod', body, now: at },
        async (tx) => ok({ id: await saveCard(tx, pid, body, at) }));
    },
    async updatePaymentMethod({ params, body, patient }) {
      return ok({ id: await saveCard(db, patientOf(patient), body, now(), params.paymentMethodId) });
    },
  };
}
