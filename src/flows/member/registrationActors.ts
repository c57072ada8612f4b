/**
 * The registration page's side effects (machines/member/registrationMachine.ts),
 * supplied with `.provide()` over the one gateway client and the hosted card
 * field's channel. Actors throw GatewayCallError (status, displayText), which
 * the machine reads as a CallFailure; the missing parts' calls each report
 * their own outcome, so one refused call does not hide the others.
 *
 * The card number never passes here: the hosted field posts it to the
 * tokenizer, and only the token comes back through the gateway.
 */
import { fromPromise } from 'xstate';
import type { RegisterPatientRequest, RegisterPatientResult, ZipPlace } from '../../../machines/contract.ts';
import { registrationMachine, type AddressCheckResult, type HealthLookupInput, type SavePartsInput } from '../../../machines/member/registrationMachine.ts';
import { phoneSave, type addressToValidate } from '../../../machines/member/rules/contactInfo.ts';
import type { HealthItem } from '../../../machines/member/rules/healthInfo.ts';
import { notificationSave } from '../../../machines/member/rules/notifications.ts';
import { partBodies, type CardToken, type HeldCard, type PartCall, type PartResult, type TokenizeFailure, type TokenizeInput } from '../../../machines/member/rules/registration.ts';
import { GatewayCallError, list, lookup, required, type GatewayClient } from '../../api/gateway.ts';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { focusAfterDialog, focusWhenShown } from '../shared/focusWhenShown.ts';
import { healthCalls, providePhoneChange, saveEmail, saveNotification, savePhone } from './profileCalls.ts';
import { CARD_MESSAGES } from '../../../machines/shared/rules/cardForm.ts';

/** Runs one call; its failure becomes its line in the banner. */
async function outcome(call: PartCall, run: () => Promise<unknown>): Promise<PartResult> {
  try {
    await run();
    return { call, ok: true };
  } catch (e) {
    return { call, ok: false, message: e instanceof GatewayCallError ? e.displayText : String(e) };
  }
}

/** The missing parts' calls, in the order of section 4 (the notification needs the phone's id, so the phone goes first). */
async function saveParts(gateway: GatewayClient, { member, values, token, calls }: SavePartsInput): Promise<PartResult[]> {
  const { client } = gateway;
  const bodies = partBodies(member, values, token);
  const patientId = member.patient.patientId!;
  let savedPhoneId: number | null = null;
  const primaryPhoneId = async () => {
    if (savedPhoneId !== null) return savedPhoneId;
    const phones = await list(client.GET('/gwapi/mmar/patient/phones'));
    return (phones.find((p) => p.isPrimary) ?? phones[0])?.phoneId ?? null;
  };
  const run: Record<PartCall, () => Promise<unknown>> = {
    address: () => required(client.POST('/gwapi/mmar/Addresses', { body: bodies.address() })),
    phone: async () => {
      const onFile = await list(client.GET('/gwapi/mmar/patient/phones'));
      savedPhoneId = (await savePhone(gateway, phoneSave(values.contact, onFile))).phoneId;
    },
    email: () => saveEmail(gateway, bodies.email().newEmailAddress),
    allergies: () => required(client.POST('/gwapi/mmar/patient/allergies', { body: bodies.allergies() })),
    conditions: () => required(client.POST('/gwapi/mmar/patient/patientconditions', { body: bodies.conditions() })),
    payment: () => required(client.POST('/gwapi/mmar/PaymentMethods', { body: bodies.payment() })),
    notification: async () => saveNotification(gateway, { method: 'POST', body: notificationSave(values.notification, patientId, await primaryPhoneId()) }),
  };
  const results: PartResult[] = [];
  for (const call of calls) results.push(await outcome(call, run[call]));
  return results;
}

/** The error banner of the registration page, which takes the focus when Next finds problems or a call fails. */
export const REGISTRATION_BANNER_ID = 'registration-problems';
/** The notification section's Change Primary Phone button (the focus comes back to it once the modal has saved). */
export const REGISTRATION_PHONE_CHANGE_ID = 'registration-change-phone';


export function provideRegistration(gateway: GatewayClient, field: CardFieldChannel) {
  const { client } = gateway;
  const health = healthCalls(gateway);
  /** A fresh tokenizer session, the field posting the number under it: the session's access token. */
  const postNumber = async () => {
    const session = await required(client.GET('/gwapi/Payment/PaymetricCredentials'));
    await field.tokenize(session.accessToken);
    return session.accessToken;
  };
  const fetchToken = (accessToken: string) => required(client.GET('/gwapi/Payment/GetTokenizedCardNumber', { params: { query: { accessToken } } }));
  return registrationMachine.provide({
    actors: {
      openField: fromPromise<{ serviceUrl: string }>(async () => ({ serviceUrl: (await required(client.GET('/gwapi/Payment/PaymetricCredentials'))).serviceUrl })),
      // The field posts the number with a fresh session; the token is fetched with the same session. A number
      // the tokenizer already holds (a try whose token fetch failed: the field has emptied itself) is not asked again.
      tokenizeCard: fromPromise<CardToken, TokenizeInput>(async ({ input }) => {
        const held: HeldCard = input.held ?? { accessToken: await postNumber(), detected: input.detected };
        let card: Awaited<ReturnType<typeof fetchToken>>;
        try {
          card = await fetchToken(held.accessToken);
        } catch (e) {
          // Not found or gone (404, 410): the tokenizer no longer holds the number; the field asks for it again.
          if (!(e instanceof GatewayCallError) || e.status === 404 || e.status === 410) throw e;
          throw Object.assign(e, { held } satisfies Pick<TokenizeFailure, 'held'>);
        }
        const cardTypeNum = card.cardTypeNum ?? held.detected;
        if (cardTypeNum === null) throw new GatewayCallError(400, CARD_MESSAGES.numberInvalid);
        return { pciToken: card.pciToken, cardTypeNum, lastDigits: card.lastDigits };
      }),
      // A newer zip stops the actor; the signal drops its request.
      // An unknown zip answers 404: the page says the zip was not found (not that the lookup failed).
      lookupZip: fromPromise<ZipPlace[], { zip: string }>(({ input, signal }) =>
        lookup(client.GET('/gwapi/mmar/ZipCodeLookup/{zipCode}', { params: { path: { zipCode: input.zip } }, signal })),
      ),
      validateAddress: fromPromise<AddressCheckResult, ReturnType<typeof addressToValidate>>(({ input }) =>
        required(client.POST('/gwapi/mmar/addresses/validateaddress', { body: { ...input, address2: input.address2 ?? undefined } })),
      ),
      register: fromPromise<RegisterPatientResult, RegisterPatientRequest>(({ input }) => required(client.POST('/gwapi/mmar/registration/mailorder', { body: input }))),
      saveParts: fromPromise<PartResult[], SavePartsInput>(({ input }) => saveParts(gateway, input)),
      loadCommonLists: fromPromise<{ allergies: HealthItem[]; conditions: HealthItem[] }>(async () => {
        const [allergies, conditions] = await Promise.all([health.common('allergies'), health.common('conditions')]);
        return { allergies, conditions };
      }),
      lookupHealth: fromPromise<HealthItem[], HealthLookupInput>(({ input, signal }) => health.lookup(input.kind, input.text, signal)),
      phoneChange: providePhoneChange(gateway),
    },
    actions: {
      storeRegistration: (_, params: RegisterPatientResult) => gateway.setPatientToken(params.accessToken),
      focusBanner: () => focusWhenShown(REGISTRATION_BANNER_ID),
      focusPhoneChange: () => focusAfterDialog(REGISTRATION_PHONE_CHANGE_ID),
    },
  });
}

