/**
 * The submission pipeline with actors that answer (the models drive the graph
 * with done and error events; here the calls themselves are looked at: what
 * each one is sent, and that a retry sends only what failed).
 */
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RegisterPatientRequest, RegisterPatientResult, ZipPlace } from '../contract.ts';
import { CONTACT_MESSAGES, type addressToValidate } from './rules/contactInfo.ts';
import { cardFieldState } from '../shared/rules/cardField.ts';
import { CARLOS_INFO, JAMES_INFO, LINDA_INFO } from '../../test/model/registration.model.ts';
import { errorsOf, registrationMachine, shownError, type AddressCheckResult, type HealthLookupInput, type RegistrationEvent, type SavePartsInput } from './registrationMachine.ts';
import type { CardToken, PartCall, PartResult } from './rules/registration.ts';
import type { CardTypeNum } from '../shared/rules/cardForm.ts';
import { ZIP_LOOKUP_MESSAGES, zipStatus } from '../shared/rules/addressForm.ts';
import type { HealthItem } from './rules/healthInfo.ts';

const TODAY = '2026-11-24';
const PHOENIX: ZipPlace = { city: 'PHOENIX', state: 'AZ', country: 'US', zipCode: '85001' };

function run(member: typeof JAMES_INFO, answers: { saveParts?: (calls: PartCall[]) => PartResult[]; register?: () => Promise<{ patientNum: number; accessToken: string }> } = {}) {
  const calls: { saveParts: PartCall[][]; register: unknown[]; tokenize: number; validate: number; stored: string[]; focus: number } = { saveParts: [], register: [], tokenize: 0, validate: 0, stored: [], focus: 0 };
  const machine = registrationMachine.provide({
    actors: {
      openField: fromPromise<{ serviceUrl: string }>(async () => ({ serviceUrl: 'http://127.0.0.1:8182' })),
      lookupZip: fromPromise<ZipPlace[], { zip: string }>(async () => [PHOENIX]),
      loadCommonLists: fromPromise<{ allergies: HealthItem[]; conditions: HealthItem[] }>(async () => ({ allergies: [{ ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' }, { ref: '00201', desc: 'PEANUT' }], conditions: [{ ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' }] })),
      lookupHealth: fromPromise<HealthItem[], HealthLookupInput>(async ({ input }) => (input.text.toUpperCase().startsWith('PEN') ? [{ ref: '00300', desc: 'PENICILLIN' }] : [])),
      tokenizeCard: fromPromise<CardToken, { detected: CardTypeNum | null }>(async () => {
        calls.tokenize++;
        return { pciToken: 'tok_0001', cardTypeNum: 1 };
      }),
      validateAddress: fromPromise<AddressCheckResult, ReturnType<typeof addressToValidate>>(async () => {
        calls.validate++;
        return { addressIsValid: true };
      }),
      register: fromPromise<RegisterPatientResult, RegisterPatientRequest>(async ({ input }) => {
        calls.register.push(input);
        return answers.register ? answers.register() : { patientNum: 1042, accessToken: 'pt_new' };
      }),
      saveParts: fromPromise<PartResult[], SavePartsInput>(async ({ input }) => {
        calls.saveParts.push(input.calls);
        return answers.saveParts ? answers.saveParts(input.calls) : input.calls.map((call): PartResult => ({ call, ok: true }));
      }),
    },
    actions: {
      storeRegistration: (_, params) => void calls.stored.push(params.accessToken),
      focusBanner: () => void calls.focus++,
    },
  });
  const actor = createActor(machine, { input: { member, today: TODAY } }).start();
  const send = (...events: RegistrationEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, send, calls };
}

const AGREE: RegistrationEvent[] = [{ type: 'terms.opened' }, { type: 'terms.done' }, { type: 'privacy.changed', values: { privacy: true, acknowledge: true } }];

/** James's page filled in (after the zip's city), then Next. */
const JAMES_FILLED_THEN_NEXT: RegistrationEvent[] = [
  { type: 'contact.changed', values: { phone: '602-555-0123', phoneType: 8, email: 'james.carter@example.com' } },
  { type: 'cardNumber.changed', state: cardFieldState('4111111111111111') },
  { type: 'payment.changed', values: { firstName: 'James', lastName: 'Carter', month: 8, year: 2030 } },
  { type: 'notification.changed', values: { choice: 'email' } },
  { type: 'health.noneToggled', kind: 'allergies', none: true },
  { type: 'health.noneToggled', kind: 'conditions', none: true },
  ...AGREE,
  { type: 'next.pressed' },
];

describe('the registration pipeline', () => {
  test('James registers in one call: the card tokenized, the address checked, the new token stored', async () => {
    const { actor, send, calls } = run(JAMES_INFO);
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
    send({ type: 'shipping.changed', values: { addressType: 1, line1: '12 Elm St', zip: '85001' } });
    await waitFor(actor, (s) => s.context.values.shipping.city === 'PHOENIX');
    send(...JAMES_FILLED_THEN_NEXT);
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.output).toEqual({ patientId: 1042, registered: true });
    expect([calls.tokenize, calls.validate, calls.register.length]).toEqual([1, 1, 1]);
    expect(calls.register[0]).toMatchObject({ paymentCard: { pciToken: 'tok_0001' }, addresses: [{ city: 'PHOENIX', state: 'AZ' }], notification: { modalityTypeId: 3 } });
    expect(calls.stored).toEqual(['pt_new']);
  });

  test('the field emptying itself while the token is on its way is no missing number', async () => {
    let answer!: (token: CardToken) => void;
    let fail!: (error: Error) => void;
    const machine = registrationMachine.provide({
      actors: {
        openField: fromPromise<{ serviceUrl: string }>(async () => ({ serviceUrl: 'http://127.0.0.1:8182' })),
        lookupZip: fromPromise<ZipPlace[], { zip: string }>(async () => [PHOENIX]),
        loadCommonLists: fromPromise<{ allergies: HealthItem[]; conditions: HealthItem[] }>(async () => ({ allergies: [], conditions: [] })),
        tokenizeCard: fromPromise<CardToken, { detected: CardTypeNum | null }>(
          () =>
            new Promise((resolve, reject) => {
              answer = resolve;
              fail = reject;
            }),
        ),
        validateAddress: fromPromise<AddressCheckResult, ReturnType<typeof addressToValidate>>(async () => ({ addressIsValid: true })),
        register: fromPromise<RegisterPatientResult, RegisterPatientRequest>(() => new Promise(() => {})),
      },
      actions: { focusBanner: () => {} },
    });
    const fill = async () => {
      const actor = createActor(machine, { input: { member: JAMES_INFO, today: TODAY } }).start();
      await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
      actor.send({ type: 'shipping.changed', values: { addressType: 1, line1: '12 Elm St', zip: '85001' } });
      await waitFor(actor, (s) => s.context.values.shipping.city === 'PHOENIX');
      for (const e of JAMES_FILLED_THEN_NEXT)
        actor.send(e);
      expect(actor.getSnapshot().matches({ filling: { form: { submitting: 'tokenizing' } } })).toBe(true);
      // The tokenizer accepted the number: the field empties itself before the token is fetched.
      actor.send({ type: 'cardNumber.changed', state: cardFieldState('') });
      expect(errorsOf(actor.getSnapshot().context).payment).toEqual({});
      return actor;
    };
    const done = await fill();
    answer({ pciToken: 'tok_0001', cardTypeNum: 1 });
    const registering = await waitFor(done, (s) => s.matches({ filling: { form: { submitting: 'registering' } } }));
    expect(registering.context.numberSent).toBe(false);
    expect(errorsOf(registering.context).payment).toEqual({});
    // The tokenizer no longer holds it (the token's fetch answered 404): the number is missing again, and says so.
    const gone = await fill();
    fail(new Error('gone'));
    const editing = await waitFor(gone, (s) => s.matches({ filling: { form: 'editing' } }));
    expect(errorsOf(editing.context).payment.cardNumber).toBeDefined();
  });

  test('a failed registration keeps everything; Next again does not tokenize or check the address again', async () => {
    let fail = true;
    const { actor, send, calls } = run(JAMES_INFO, {
      register: async () => {
        if (fail) throw { status: 503, displayText: 'Unable to process the request at this time. Please try after some time.' };
        return { patientNum: 1042, accessToken: 'pt_new' };
      },
    });
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
    send({ type: 'shipping.changed', values: { addressType: 1, line1: '12 Elm St', zip: '85001' } });
    await waitFor(actor, (s) => s.context.values.shipping.city === 'PHOENIX');
    send(
      { type: 'contact.changed', values: { phone: '602-555-0123', phoneType: 1, email: 'james.carter@example.com' } },
      { type: 'cardNumber.changed', state: cardFieldState('4111111111111111') },
      { type: 'payment.changed', values: { firstName: 'James', lastName: 'Carter', month: 8, year: 2030 } },
      { type: 'notification.changed', values: { choice: 'call', timeZone: 'M' } },
      { type: 'health.noneToggled', kind: 'allergies', none: true },
      { type: 'health.noneToggled', kind: 'conditions', none: true },
      ...AGREE,
      { type: 'next.pressed' },
    );
    const failed = await waitFor(actor, (s) => s.context.failures.length > 0);
    expect(failed.context.failures).toEqual(['Unable to process the request at this time. Please try after some time.']);
    expect(failed.context.values.contact.email).toBe('james.carter@example.com');
    expect(calls.focus).toBe(1);
    fail = false;
    send({ type: 'next.pressed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect([calls.tokenize, calls.validate, calls.register.length]).toEqual([1, 1, 2]);
  });

  test('Linda: only the failed call is sent again', async () => {
    const { actor, send, calls } = run(LINDA_INFO, { saveParts: (list) => list.map((call) => (call === 'notification' && calls.saveParts.length === 1 ? { call, ok: false, message: 'Request refused.' } : { call, ok: true })) });
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
    send(
      { type: 'cardNumber.changed', state: cardFieldState('5555555555554444') },
      { type: 'payment.changed', values: { firstName: 'Linda', lastName: 'Nguyen', month: 1, year: 2029 } },
      { type: 'notification.changed', values: { choice: 'call', timeZone: 'P' } },
      ...AGREE,
      { type: 'next.pressed' },
    );
    const failed = await waitFor(actor, (s) => s.context.failures.length > 0);
    expect(failed.context.failures).toEqual(['Notification preferences: Request refused.']);
    // The field empties itself once it has sent the number: the card stays held, and nothing is missing.
    send({ type: 'cardNumber.changed', state: cardFieldState('') });
    expect(actor.getSnapshot().context.token).not.toBeNull();
    expect(errorsOf(actor.getSnapshot().context).payment).toEqual({});
    send({ type: 'next.pressed' });
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(calls.saveParts).toEqual([['payment', 'notification'], ['notification']]);
    expect(calls.tokenize).toBe(1);
    expect(end.output).toEqual({ patientId: 1003, registered: false });
  });

  test('a new number typed after the tokenizing drops the held card: it is tokenized and saved again', async () => {
    const { actor, send, calls } = run(LINDA_INFO, { saveParts: (list) => list.map((call) => (call === 'notification' && calls.saveParts.length === 1 ? { call, ok: false, message: 'Request refused.' } : { call, ok: true })) });
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
    send(
      { type: 'cardNumber.changed', state: cardFieldState('5555555555554444') },
      { type: 'payment.changed', values: { firstName: 'Linda', lastName: 'Nguyen', month: 1, year: 2029 } },
      { type: 'notification.changed', values: { choice: 'email' } },
      ...AGREE,
      { type: 'next.pressed' },
    );
    await waitFor(actor, (s) => s.context.failures.length > 0);
    send({ type: 'cardNumber.changed', state: cardFieldState('') }, { type: 'cardNumber.changed', state: cardFieldState('4111111111111111') });
    expect(actor.getSnapshot().context.token).toBeNull();
    send({ type: 'next.pressed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.tokenize).toBe(2);
    expect(calls.saveParts).toEqual([['payment', 'notification'], ['payment', 'notification']]);
  });

  test('Next with errors calls nothing and moves the focus to the banner', async () => {
    const { actor, send, calls } = run(CARLOS_INFO);
    send({ type: 'notification.changed', values: { choice: 'none' } }, { type: 'next.pressed' });
    expect(actor.getSnapshot().matches({ filling: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.nextPressed).toBe(true);
    expect(calls.focus).toBe(1);
    expect(calls.saveParts).toEqual([]);
  });

  test('a registered patient with nothing missing moves on at once', () => {
    const maria = { ...LINDA_INFO, missingAlerts: { ...LINDA_INFO.missingAlerts, missingPaymentInfo: false, missingNotificationPrefs: false } };
    const { actor } = run(maria);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ patientId: 1003, registered: false });
  });
});

describe('the zip lookup', () => {
  const GENERAL = 'Unable to process the request at this time. Please try after some time.';

  /** James's page with a zip lookup that answers each zip asked in turn from `answers` (a CallFailure is thrown). */
  function withZipAnswers(answers: (ZipPlace[] | { status: number; displayText: string })[]) {
    const asked: string[] = [];
    const machine = registrationMachine.provide({
      actors: {
        openField: fromPromise<{ serviceUrl: string }>(async () => ({ serviceUrl: 'http://127.0.0.1:8182' })),
        loadCommonLists: fromPromise<{ allergies: HealthItem[]; conditions: HealthItem[] }>(async () => ({ allergies: [], conditions: [] })),
        lookupZip: fromPromise<ZipPlace[], { zip: string }>(async ({ input }) => {
          asked.push(input.zip);
          const answer = answers[asked.length - 1]!;
          if (!Array.isArray(answer)) throw answer;
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { input: { member: JAMES_INFO, today: TODAY } }).start();
    return { actor, asked };
  }

  test('a failed zip lookup (unreachable counts as 400) says the general text and Search again looks the same zip up, nothing retyped', async () => {
    const { actor, asked } = withZipAnswers([{ status: 400, displayText: GENERAL }, [PHOENIX]]);
    actor.send({ type: 'shipping.changed', values: { zip: '85001' } });
    let s = await waitFor(actor, (snap) => snap.matches({ filling: { zip: 'idle' } }));
    expect(s.context.zipProblem).toEqual({ kind: 'failed', text: GENERAL });
    expect(zipStatus(s)).toBe(GENERAL);
    // The failure is the zip's status, not its error; the missing city and state wait for Next, even once the zip is left.
    actor.send({ type: 'field.blurred', field: 'shipping.zip' });
    s = actor.getSnapshot();
    expect(shownError(s.context, 'shipping', 'zip')).toBeUndefined();
    expect(s.can({ type: 'zip.retried' })).toBe(true);

    actor.send({ type: 'zip.retried' });
    s = actor.getSnapshot();
    expect(s.matches({ filling: { zip: 'looking' } })).toBe(true);
    expect(zipStatus(s)).toBe(ZIP_LOOKUP_MESSAGES.looking);
    expect(s.context.zipProblem).toBeNull();
    s = await waitFor(actor, (snap) => snap.matches({ filling: { zip: 'idle' } }));
    expect(asked).toEqual(['85001', '85001']);
    expect(s.context.values.shipping).toMatchObject({ zip: '85001', city: 'PHOENIX', state: 'AZ' });
    // Nothing to try again once it has answered.
    expect(s.can({ type: 'zip.retried' })).toBe(false);
    actor.stop();
  });

  test('a zip the lookup does not know says so at once, before the field is left', async () => {
    const { actor } = withZipAnswers([[]]);
    actor.send({ type: 'shipping.changed', values: { zip: '99999' } });
    const s = await waitFor(actor, (snap) => snap.matches({ filling: { zip: 'idle' } }));
    expect(s.context.zipProblem).toEqual({ kind: 'notFound' });
    expect(shownError(s.context, 'shipping', 'zip')).toBe(CONTACT_MESSAGES.zipNotFound);
    expect(s.can({ type: 'zip.retried' })).toBe(false);
    actor.stop();
  });
});
