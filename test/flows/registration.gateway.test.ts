/**
 * The registration page's machine with its real actors (src/flows/member)
 * against the real reference gateway (memory database, seeded personas):
 * what each persona sends, and what the database holds afterwards. The hosted
 * card field is stood in for by its one duty here: posting the number to the
 * tokenizer from the tokenizer's own origin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { EligibilityResult } from '../../machines/contract.ts';
import type { RegistrationEvent } from '../../machines/member/registrationMachine.ts';
import { cardFieldState } from '../../machines/shared/rules/cardField.ts';
import type { GatewayClient } from '../../src/api/gateway.ts';
import { provideRegistration } from '../../src/flows/member/registrationActors.ts';
import type { CardFieldChannel } from '../../src/flows/shared/cardFieldChannel.ts';
import { startGateway, TOKENIZER_URL, type TestGateway } from '../contract/harness.ts';
import { inProcessClient } from './inProcess.ts';

let server: TestGateway;
beforeAll(async () => {
  server = await startGateway();
});
afterAll(() => server.close());

const TODAY = '2026-11-22';
const PERSONAS = {
  james: { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' },
  linda: { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-05' },
  carlos: { memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', birthDate: '1965-03-08' },
};

/** The field's one duty: the number goes from the tokenizer's own page to the tokenizer, never through the portal. */
function fieldWith(cardNumber: string): CardFieldChannel {
  return {
    tokenize: async (accessToken: string) => {
      const r = await server.tokenizer.inject({ method: 'POST', url: '/cards', headers: { 'content-type': 'application/json', origin: TOKENIZER_URL }, payload: { accessToken, cardNumber } });
      if (r.statusCode !== 200) throw new Error(`tokenizer answered ${r.statusCode}`);
    },
  } as unknown as CardFieldChannel;
}

async function verified(who: keyof typeof PERSONAS): Promise<{ gateway: GatewayClient; member: EligibilityResult }> {
  const gateway = inProcessClient(server);
  const verify = await gateway.client.POST('/gwapi/mmar/verify', { body: { memberInfo: PERSONAS[who] } });
  gateway.setPatientToken(verify.data!.accessToken);
  const info = await gateway.client.POST('/gwapi/mmar/checkeligibility', { body: PERSONAS[who] });
  return { gateway, member: info.data! };
}

function start(gateway: GatewayClient, member: EligibilityResult, cardNumber = '4111111111111111') {
  const actor = createActor(provideRegistration(gateway, fieldWith(cardNumber)), { input: { member, today: TODAY } }).start();
  return { actor, send: (...events: RegistrationEvent[]) => events.forEach((e) => actor.send(e)) };
}

const AGREE: RegistrationEvent[] = [{ type: 'terms.opened' }, { type: 'terms.done' }, { type: 'privacy.changed', values: { privacy: true, acknowledge: true } }];

describe('registration against the reference gateway', () => {
  test('James registers: one call creates the patient and every record; nothing is missing afterwards; no card number is stored', async () => {
    const { gateway, member } = await verified('james');
    expect(member.patient.patientId).toBeNull();
    const { actor, send } = start(gateway, member);
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready', health: 'ready' } }));
    expect(actor.getSnapshot().context.common.allergies.length).toBeGreaterThan(0);
    send({ type: 'shipping.changed', values: { addressType: 1, line1: '2 N Central Ave', zip: '85004' } });
    await waitFor(actor, (s) => s.context.values.shipping.city !== '');
    send(
      { type: 'contact.changed', values: { phone: '(602) 555-0123', phoneType: 8, email: 'james.carter@example.com' } },
      { type: 'cardNumber.changed', state: cardFieldState('4111111111111111') },
      { type: 'payment.changed', values: { firstName: 'James', lastName: 'Carter', month: 8, year: 2030 } },
      { type: 'notification.changed', values: { choice: 'text', timeZone: 'M' } },
      { type: 'health.noneToggled', kind: 'allergies', none: true },
      { type: 'health.rowAdded', kind: 'conditions' },
      // Not a common condition: the lookup leaves those out (section 4).
      { type: 'health.rowTyped', kind: 'conditions', id: 1, text: 'glau' },
    );
    const suggested = await waitFor(actor, (s) => s.context.suggestions !== null);
    const glaucoma = suggested.context.suggestions!.items[0]!;
    expect(glaucoma.desc).toMatch(/GLAUCOMA/);
    send({ type: 'health.rowPicked', kind: 'conditions', id: 1, item: glaucoma }, ...AGREE, { type: 'next.pressed' });
    const end = await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(end.context.failures).toEqual([]);
    const patientId = end.output!.patientId;

    const patient = await server.db.selectFrom('patients').selectAll().where('patientId', '=', patientId).executeTakeFirstOrThrow();
    expect(patient).toMatchObject({ memberNumber: 'MMA100002', email: 'james.carter@example.com' });
    const cards = await server.db.selectFrom('paymentCards').selectAll().where('patientId', '=', patientId).execute();
    expect(cards).toHaveLength(1);
    expect(JSON.stringify(cards)).not.toContain('4111111111111111');
    const again = await gateway.client.POST('/gwapi/mmar/checkeligibility', { body: PERSONAS.james });
    expect(again.data!.patient.patientId).toBe(patientId);
    expect(Object.values(again.data!.missingAlerts).some(Boolean)).toBe(false);
  });

  test('Linda supplies payment and notifications in their own calls; the flags follow', async () => {
    const { gateway, member } = await verified('linda');
    expect(member.missingAlerts).toMatchObject({ missingPaymentInfo: true, missingNotificationPrefs: true });
    const { actor, send } = start(gateway, member, '5555555555554444');
    await waitFor(actor, (s) => s.matches({ filling: { field: 'ready' } }));
    send(
      { type: 'cardNumber.changed', state: cardFieldState('5555555555554444') },
      { type: 'payment.changed', values: { firstName: 'Linda', lastName: 'Nguyen', month: 1, year: 2029 } },
      { type: 'notification.changed', values: { choice: 'email' } },
      ...AGREE,
      { type: 'next.pressed' },
    );
    const end = await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(end.context.failures).toEqual([]);
    const again = await gateway.client.POST('/gwapi/mmar/checkeligibility', { body: PERSONAS.linda });
    expect(again.data!.missingAlerts).toMatchObject({ missingPaymentInfo: false, missingNotificationPrefs: false });
  });

  test('Carlos is asked only for health information: his lists are saved, and the flag follows', async () => {
    const { gateway, member } = await verified('carlos');
    expect(member.missingAlerts).toMatchObject({ missingHealthInfo: true, missingNotificationPrefs: false, missingPaymentInfo: false });
    const { actor, send } = start(gateway, member);
    await waitFor(actor, (s) => s.matches({ filling: { health: 'ready' } }));
    expect(actor.getSnapshot().value).toMatchObject({ filling: { field: 'off' } });
    const peanut = actor.getSnapshot().context.common.allergies[0]!;
    send({ type: 'health.commonToggled', kind: 'allergies', item: peanut, on: true }, { type: 'health.noneToggled', kind: 'conditions', none: true }, ...AGREE, { type: 'next.pressed' });
    const end = await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(end.context.failures).toEqual([]);
    const allergies = await gateway.client.GET('/gwapi/mmar/patient/patientallergies');
    expect(allergies.data!.map((a) => a.allergyDesc)).toContain(peanut.desc);
    const again = await gateway.client.POST('/gwapi/mmar/checkeligibility', { body: PERSONAS.carlos });
    expect(again.data!.missingAlerts.missingHealthInfo).toBe(false);
  });
});
