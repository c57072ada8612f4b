/**
 * The hosted card tokenizer, played by the gateway: credentials open a short
 * session; the tokenizer's own field page (another origin, framed by the
 * portal: gateway/tokenizer/) posts the card number to the tokenizer's
 * /cards; the SPA then fetches the token. Only the token and the last four
 * digits are kept; the number itself is dropped as soon as it has been checked.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Handlers } from './types.ts';
import { ok } from './types.ts';
import { GatewayError, forbidden, notFound } from '../errors.ts';
import { cardTypeOf, passesLuhn } from '../../machines/shared/rules/cardNumber.ts';

export const TOKENIZER_SESSION_MINUTES = 15;
export const TOKENIZER_MERCHANT_ID = 'MMAR-REFERENCE-MERCHANT';

export function paymentHandlers({ db, now, tokenizerUrl }: Context): Pick<Handlers, 'getTokenizerCredentials' | 'tokenizeCard' | 'getTokenizedCardNumber'> {
  return {
    async getTokenizerCredentials({ patient }) {
      if (!patient) throw new GatewayError(401, 'Access token missing.');
      const accessToken = randomBytes(18).toString('base64url');
      await db.insertInto('tokenizerSessions').values({
        accessToken,
        patientId: patient.pid,
        memberNumber: patient.mbr,
        expiresAt: new Date(now().getTime() + TOKENIZER_SESSION_MINUTES * 60_000),
        pciToken: null,
        lastDigits: null,
        cardTypeNum: null,
      }).execute();
      return ok({ merchantId: TOKENIZER_MERCHANT_ID, accessToken, serviceUrl: tokenizerUrl });
    },

    async tokenizeCard({ body }) {
      const session = await db.selectFrom('tokenizerSessions').selectAll().where('accessToken', '=', body.accessToken).executeTakeFirst();
      if (!session || session.expiresAt.getTime() <= now().getTime()) throw new GatewayError(410, 'Tokenizer session expired.');
      if (!passesLuhn(body.cardNumber)) throw new GatewayError(400, 'Card Number is not valid');
      const pciToken = `tok_${randomBytes(18).toString('base64url')}`;
      await db.updateTable('tokenizerSessions').set({
        pciToken,
        lastDigits: body.cardNumber.slice(-4),
        cardTypeNum: cardTypeOf(body.cardNumber),
      }).where('accessToken', '=', body.accessToken).execute();
      return ok({ accessToken: body.accessToken, status: 'accepted' as const });
    },

    async getTokenizedCardNumber({ query, patient }) {
      const session = await db.selectFrom('tokenizerSessions').selectAll().where('accessToken', '=', query.accessToken).executeTakeFirst();
      if (!session) throw notFound('No card was posted for this access token.');
      const mine = (session.patientId !== null && session.patientId === patient?.pid) || (session.memberNumber !== null && session.memberNumber === patient?.mbr);
      if (!mine) throw forbidden();
      if (!session.pciToken || !session.lastDigits) throw notFound('No card was posted for this access token.');
      return ok({ pciToken: session.pciToken, lastDigits: session.lastDigits, cardTypeNum: session.cardTypeNum as 1 | 2 | 3 | 4 | 5 | 6 | null });
    },
  };
}
