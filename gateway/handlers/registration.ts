/**
 * Mail-order registration of an eligible member who is not a patient yet:
 * everything the registration page gathers is written in one transaction, so
 * a refused part leaves no half-registered patient behind.
 */
import type { Context, Handlers } from './types.ts';
import { ok } from './types.ts';
import { GatewayError, conflict, forbidden } from '../errors.ts';
import { memberOf } from './scope.ts';
import { checkAddress } from '../reference/zip.ts';
import { checkExpiry, tokenizedCard } from '../store/cards.ts';
import { writePhone } from '../store/phones.ts';
import { addAllergies, addConditions } from '../store/health.ts';
import { resolveNotification } from '../store/notifications.ts';
import { lockMember } from '../store/locks.ts';
import { idempotencyKeyOf, idempotent, inTransaction, memberCaller } from '../store/idempotency.ts';

const unprocessable = (m: string) => new GatewayError(422, m);
const TEMPORARY = 5;

export function registrationHandlers({ db, tokens, now }: Context): Pick<Handlers, 'registerMailOrder'> {
  return {
    async registerMailOrder({ body, patient, headers }) {
      const memberNumber = memberOf(patient);
      if (body.memberInfo.memberNumber.toUpperCase() !== memberNumber.toUpperCase()) throw forbidden();
      const at = now();
      const issueToken = (patientNum: number) => tokens.issuePatientToken({ mbr: memberNumber, pid: patientNum, lnk: null }, patient);
      // One registration per Idempotency-Key: a repeat (the member's Next again, the network lost the answer) gets the
      // first answer, with a new token of this session instead of the stored one (no token is kept: store/idempotency.ts).
      const call = { key: idempotencyKeyOf(headers), who: memberCaller(memberNumber), operation: 'registerMailOrder', body, now: at };
      return idempotent(db, call, async (db) => {
        const member = await db.selectFrom('members').selectAll().where('memberNumber', '=', memberNumber).executeTakeFirst();
        if (!member || !member.eligible) throw forbidden('Member not eligible.');
        if (member.patientId !== null) throw conflict('Member is already registered.');

        const card = body.paymentCard;
        if (!card && !member.allowBillMeLater) throw unprocessable('Payment method required.');
        if (card) checkExpiry(card.cardMonthNum, card.cardYear, at);
        for (const a of body.addresses) {
          const check = checkAddress(a);
          if (!check.addressIsValid) throw unprocessable(check.message);
          if (a.addressType.addressTypeId === TEMPORARY && a.endDate! <= a.startDate!) throw unprocessable('End date must be greater than Start date.');
        }
        // The page has one shipping address and one primary phone; when the
        // payload flags none, the first one is taken rather than leaving the new
        // patient with missing information straight away.
        const shippingAt = Math.max(0, body.addresses.findIndex((a) => a.defaultShipping));
        const primaryAt = Math.max(0, body.phones.findIndex((p) => p.isPrimary));

        const patientNum = await inTransaction(db, async (tx) => {
          // Parallel registrations of one member queue here; the second finds the patient of the first (409, not a key violation).
          if ((await lockMember(tx, memberNumber))?.patientId !== null) throw conflict('Member is already registered.');
          // Name and date of birth are the verified member's: the body cannot change them (its copies are ignored).
          const { patientId } = await tx.insertInto('patients').values({
            memberNumber, firstName: member.firstName, middleName: body.middleName?.trim() || null, lastName: member.lastName,
            gender: body.gender, birthDate: member.birthDate, email: body.email.trim(), profileLinked: false,
          }).returning('patientId').executeTakeFirstOrThrow();
          await tx.updateTable('members').set({ patientId }).where('memberNumber', '=', memberNumber).execute();

          const billingAt = body.addresses.findIndex((a) => a.defaultBilling);
          await tx.insertInto('addresses').values(body.addresses.map((a, i) => ({
            patientId,
            addressTypeId: a.addressType.addressTypeId,
            address1: a.address1.trim(),
            address2: a.address2?.trim() || null,
            city: a.city.trim(),
            state: a.state,
            zipCode: a.zipCode,
            startDate: a.addressType.addressTypeId === TEMPORARY ? (a.startDate ?? null) : null,
            endDate: a.addressType.addressTypeId === TEMPORARY ? (a.endDate ?? null) : null,
            active: true,
            defaultShipping: i === shippingAt,
            defaultBilling: i === billingAt,
          }))).execute();
          for (const [i, p] of body.phones.entries()) {
            await writePhone(tx, patientId, { ...p, isPrimary: i === primaryAt });
          }

          if (card) {
            const { lastDigits } = await tokenizedCard(tx, card.pciToken, { patientId: null, memberNumber });
            await tx.insertInto('paymentCards').values({
              patientId, cardFirstName: card.cardFirstName.trim(), cardLastName: card.cardLastName.trim(), cardTypeNum: card.cardTypeNum,
              lastDigits, pciToken: card.pciToken, cardMonth: card.cardMonthNum, cardYear: card.cardYear, fsaCard: false,
              // The only card on file is the one refills are charged to.
              defaultCard: true, cardActive: true,
            }).execute();
            await tx.updateTable('tokenizerSessions').set({ patientId }).where('pciToken', '=', card.pciToken).execute();
          }

          const allergies = await addAllergies(tx, patientId, body.allergies);
          const refusedAllergy = allergies.find((a) => !a.messageStatus);
          if (refusedAllergy || !allergies.length) throw unprocessable(refusedAllergy?.messageErrorText ?? 'Please select at least one allergy or select None');
          const conditions = await addConditions(tx, patientId, body.conditions);
          const refusedCondition = conditions.find((c) => !c.messageStatus);
          if (refusedCondition || !conditions.length) throw unprocessable(refusedCondition?.messageErrorText ?? 'Please select at least one health condition or select None');

          await tx.insertInto('notificationSettings').values(await resolveNotification(tx, patientId, body.notification)).execute();
          return patientId;
        });

        // The same session: revoking it ends this token too, and registering does not restart its 12 hours.
        return ok({ patientNum, accessToken: issueToken(patientNum) });
      }, {
        store: ({ patientNum }) => ({ patientNum }),
        replay: (kept) => ({ patientNum: (kept as { patientNum: number }).patientNum, accessToken: issueToken((kept as { patientNum: number }).patientNum) }),
      });
    },
  };
}
