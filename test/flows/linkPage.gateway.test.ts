/**
 * The link page machine with its real actors (src/flows/link) against the
 * real reference gateway (memory database, seeded personas): what the
 * browser will do, without the browser.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { provideLinkPage } from '../../src/flows/link/linkPageActors.ts';
import { linkPageMachine, type LinkFlow, type LinkInfo } from '../../machines/link/linkPageMachine.ts';
import { startGateway, type TestGateway } from '../contract/harness.ts';
import { inProcessClient } from './inProcess.ts';

let server: TestGateway;
beforeAll(async () => {
  server = await startGateway();
});
afterAll(() => server.app.close());

const client = () => inProcessClient(server);

async function open(flow: LinkFlow, linkId: string, gateway = client()) {
  const actor = createActor(provideLinkPage(gateway), { input: { flow, linkId, today: '2026-11-27' } }).start();
  await waitFor(actor, (s) => !s.hasTag('pending'));
  return { actor, gateway };
}

function fill(actor: Awaited<ReturnType<typeof open>>['actor'], zip: string) {
  actor.send({ type: 'month.changed', text: 'apr' });
  actor.send({ type: 'day.changed', text: '12' });
  actor.send({ type: 'year.changed', text: '1958' });
  actor.send({ type: 'zip.changed', text: zip });
  actor.send({ type: 'verify.submitted' });
}

describe('the link page against the reference gateway', () => {
  test('Easy Fill: the right date of birth and zip verify and keep the patient token', async () => {
    const { actor, gateway } = await open('easyFill', 'demo-refill');
    expect(actor.getSnapshot().matches({ verification: 'editing' })).toBe(true);
    fill(actor, '85281');
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('verified');
    expect(gateway.hasPatientToken()).toBe(true);
  });

  test('Auto Refill verifies with its own code field', async () => {
    const { actor, gateway } = await open('autoRefill', 'demo-autorefill');
    fill(actor, '85281');
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('verified');
    expect(gateway.hasPatientToken()).toBe(true);
  });

  test('three wrong answers lock the link, and it stays locked when opened again', async () => {
    const { actor } = await open('easyFill', 'demo-newrx');
    for (const remaining of [2, 1]) {
      fill(actor, '99999');
      const s = await waitFor(actor, (x) => !x.hasTag('pending'));
      expect(s.context.failure).toEqual({ kind: 'identity', remainingAttempts: remaining });
      expect(s.context.link?.remainingAttempts).toBe(remaining);
      expect(s.matches({ verification: 'editing' })).toBe(true);
    }
    fill(actor, '99999');
    expect((await waitFor(actor, (x) => !x.hasTag('pending'))).value).toBe('blocked');
    const again = await open('easyFill', 'demo-newrx');
    expect(again.actor.getSnapshot().value).toBe('blocked');
  });

  test('expired, already ordered and locked links go to their screens', async () => {
    expect((await open('easyFill', 'demo-expired')).actor.getSnapshot().value).toBe('expired');
    expect((await open('easyFill', 'demo-ordered')).actor.getSnapshot().value).toBe('alreadyOrdered');
    expect((await open('easyFill', 'demo-locked')).actor.getSnapshot().value).toBe('blocked');
    expect((await open('autoRefill', 'demo-expired')).actor.getSnapshot().value).toBe('expired');
  });

  test("an already-ordered Easy Fill link verifies on the way to its order's status: a wrong answer keeps the form, the right one verifies", async () => {
    const { actor, gateway } = await open('easyFill', 'demo-ordered');
    expect(actor.getSnapshot().can({ type: 'orderStatus.requested' })).toBe(true);
    actor.send({ type: 'orderStatus.requested' });
    expect(actor.getSnapshot().matches({ verification: 'editing' })).toBe(true);
    fill(actor, '99999');
    const wrong = await waitFor(actor, (x) => !x.hasTag('pending'));
    expect(wrong.matches({ verification: 'editing' })).toBe(true);
    expect(wrong.context.failure).toEqual({ kind: 'identity', remainingAttempts: 2 });
    fill(actor, '85281');
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('verified');
    expect(gateway.hasPatientToken()).toBe(true);
  });

  test("an Auto Refill link's already ordered has no order status to show: the message alone", async () => {
    const ordered: LinkInfo = { patientId: 1, remainingAttempts: 3, linkType: 'refill', isLinkExpired: false, isLinkValid: true, status: 'ACTIVE', isScriptsAvailable: false, allowBillMeLater: false, firstName: 'MARIA' };
    const actor = createActor(linkPageMachine.provide({ actors: { validateLink: fromPromise(async () => ordered) } }), {
      input: { flow: 'autoRefill', linkId: 'x', today: '2026-11-27' },
    }).start();
    const s = await waitFor(actor, (x) => !x.hasTag('pending'));
    expect(s.value).toBe('alreadyOrdered');
    expect(s.can({ type: 'orderStatus.requested' })).toBe(false);
  });

  test('an unknown link is a gateway failure with the general text, and try again reads it again', async () => {
    const { actor } = await open('easyFill', 'no-such-link');
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.loadError).toBeTruthy();
    actor.send({ type: 'retry.pressed' });
    expect((await waitFor(actor, (s) => !s.hasTag('pending'))).value).toBe('unavailable');
  });
});
