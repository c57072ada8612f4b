/**
 * Contract tests of the refill-link operations (Easy Fill, Auto Refill) and the
 * platform calls, against the real gateway over PGlite with the seeded personas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './harness.ts';
import { ATTEMPT_MESSAGES, MAX_ATTEMPTS } from '../../machines/shared/rules/verifyAttempts.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => gw?.close());

const MARIA = { dateOfBirth: '1958-04-12', zipCode: '85281' };
const LINDA = { dateOfBirth: '1949-01-05', zipCode: '85004' };

async function info(kind: 'EasyFill' | 'AutoRefill', linkId: string, updateClicks = false) {
  const r = await gw.call(kind === 'EasyFill' ? 'validateEasyFillLink' : 'validateAutoRefillLink', { query: { linkId }, body: { updateClicks } });
  expect(r.status).toBe(200);
  return r.body;
}

async function verify(kind: 'EasyFill' | 'AutoRefill', linkId: string, who: { dateOfBirth: string; zipCode: string }) {
  const { patientId } = await info(kind, linkId);
  const body = kind === 'EasyFill' ? { patientId, easyFillCode: linkId, ...who } : { patientId, autoRefillCode: linkId, ...who };
  return gw.call(kind === 'EasyFill' ? 'verifyEasyFill' : 'verifyAutoRefill', { body });
}

async function tokenFor(kind: 'EasyFill' | 'AutoRefill', linkId: string, who = MARIA) {
  const r = await verify(kind, linkId, who);
  expect(r.body).toMatchObject({ messageStatus: true });
  return r.body.accessToken as string;
}

describe('a link that expires after its verification', () => {
  it('refuses its token from then on (410, as verification does): no list, no address or card, no order', async () => {
    const { linkId } = (await gw.app.inject({ method: 'POST', url: '/__test/links', payload: { from: 'demo-refill', kind: 'easyfill' } })).json() as { linkId: string };
    // The copy expires a minute from now; its token is verified before that.
    await gw.db.updateTable('links').set({ expiresAt: new Date(gw.clock.now.getTime() + 60_000) }).where('linkId', '=', linkId).execute();
    const token = await tokenFor('EasyFill', linkId);
    const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    const addresses = (await gw.call('listEasyFillAddresses', { patientToken: token })).body;
    const cards = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body;
    const stamp = gw.clock.now.toISOString();
    const line = { orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true };
    const cart = {
      orderCartId: 0, patientId: null, shippingAddressId: addresses[0].addressId, billingAddressId: addresses[0].addressId,
      paymentCardId: cards[0].cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false,
      originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
      orderLineItems: [{ ...line, rxId: drugs[0].rxId }],
    };
    const before = gw.clock.now;
    gw.clock.now = new Date(before.getTime() + 120_000);
    try {
      const answers = [
        await gw.call('listEasyFillPrescriptions', { patientToken: token }),
        await gw.call('listEasyFillAddresses', { patientToken: token }),
        await gw.call('listEasyFillPaymentMethods', { patientToken: token }),
        await gw.call('placeEasyFillOrder', { patientToken: token, body: cart }),
      ];
      expect(answers.map((a) => [a.status, a.body.messageErrorText])).toEqual(Array(4).fill([410, "Expired link. We're sorry but this link has expired."]));
    } finally {
      gw.clock.now = before;
    }
    const orders = await gw.db.selectFrom('orders').innerJoin('links', 'links.linkKey', 'orders.linkKey').select('orderId').where('links.linkId', '=', linkId).execute();
    expect(orders).toEqual([]);
  });
});

describe('platform', () => {
  it('issues an app token and serves the banner', async () => {
    const token = await gw.call('getAppToken', { appToken: null, body: { clientId: 'mmar-web' } });
    expect(token.body.expiresIn).toBe(900);
    const banner = await gw.call('getBanner', { params: { bannerId: 1 } });
    expect(banner.body.value).toContain('<p>');
    expect((await gw.call('getBanner', { params: { bannerId: 2 } })).status).toBe(404);
  });
});

describe('link info', () => {
  it('describes each demo link as the link page needs it', async () => {
    expect(await info('EasyFill', 'demo-refill')).toMatchObject({ remainingAttempts: MAX_ATTEMPTS, linkType: 'refill', isLinkExpired: false, isScriptsAvailable: true, allowBillMeLater: false, firstName: 'Maria' });
    expect(await info('EasyFill', 'demo-newrx')).toMatchObject({ linkType: 'newrx' });
    expect(await info('EasyFill', 'demo-billmelater')).toMatchObject({ allowBillMeLater: true });
    expect(await info('EasyFill', 'demo-expired')).toMatchObject({ isLinkExpired: true, isLinkValid: true, status: 'EXPIRED' });
    expect(await info('EasyFill', 'demo-ordered')).toMatchObject({ isScriptsAvailable: false });
    expect(await info('EasyFill', 'demo-locked')).toMatchObject({ remainingAttempts: 0 });
    expect(await info('AutoRefill', 'demo-expired')).toMatchObject({ isLinkExpired: true, status: 'EXPIRED' });
    expect((await gw.call('validateEasyFillLink', { query: { linkId: 'no-such-link' }, body: { updateClicks: true } })).status).toBe(404);
  });

  it('counts a click only when asked', async () => {
    const clicks = async () => (await gw.db.selectFrom('links').select('clickCount').where('linkId', '=', 'demo-newrx').executeTakeFirstOrThrow()).clickCount;
    const before = await clicks();
    await info('EasyFill', 'demo-newrx', true);
    await info('EasyFill', 'demo-newrx', false);
    expect(await clicks()).toBe(before + 1);
  });
});

describe('verification attempts', () => {
  it('counts wrong answers on the server and blocks the link after MAX_ATTEMPTS', async () => {
    const { patientId } = await info('AutoRefill', 'demo-nodefaults');
    const wrong = { patientId, autoRefillCode: 'demo-nodefaults', dateOfBirth: '1949-01-06', zipCode: '85004' };
    const answers = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) answers.push((await gw.call('verifyAutoRefill', { body: wrong })).body);
    expect(answers.map((a) => [a.messageStatus, a.getCallAgain, a.remainingAttempts])).toEqual(
      Array.from({ length: MAX_ATTEMPTS }, (_, i) => [false, true, MAX_ATTEMPTS - 1 - i]),
    );
    expect(answers[0].messageErrorText).toBe(ATTEMPT_MESSAGES.identity);
    // Blocked: even the right answer is refused now, and the link info says so.
    const right = await gw.call('verifyAutoRefill', { body: { ...wrong, ...LINDA } });
    expect(right.status).toBe(423);
    expect(right.body.messageErrorText).toBe(ATTEMPT_MESSAGES.blocked);
    expect(await info('AutoRefill', 'demo-nodefaults')).toMatchObject({ remainingAttempts: 0 });
    // Restore for the other tests of this file.
    await gw.db.updateTable('links').set({ remainingAttempts: MAX_ATTEMPTS }).where('linkId', '=', 'demo-nodefaults').execute();
  });

  it('restores the attempts after a right answer', async () => {
    const { patientId } = await info('EasyFill', 'demo-billmelater');
    await gw.call('verifyEasyFill', { body: { patientId, easyFillCode: 'demo-billmelater', dateOfBirth: '1949-01-05', zipCode: '99999' } });
    expect(await info('EasyFill', 'demo-billmelater')).toMatchObject({ remainingAttempts: MAX_ATTEMPTS - 1 });
    await tokenFor('EasyFill', 'demo-billmelater', LINDA);
    expect(await info('EasyFill', 'demo-billmelater')).toMatchObject({ remainingAttempts: MAX_ATTEMPTS });
  });

  it('refuses a locked link, and an expired one', async () => {
    expect((await verify('EasyFill', 'demo-locked', MARIA)).status).toBe(423);
    expect((await verify('EasyFill', 'demo-expired', MARIA)).status).toBe(410);
  });
});

describe('Easy Fill', () => {
  it('lists the link drugs, addresses and cards, then places an order that is stored', async () => {
    const token = await tokenFor('EasyFill', 'demo-refill');
    const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    expect(drugs).toHaveLength(4);
    expect(drugs.filter((d: { autoFillEligible: boolean }) => d.autoFillEligible)).toHaveLength(3);
    expect(drugs.find((d: { copay: unknown }) => d.copay === null)).toBeTruthy();
    const addresses = (await gw.call('listEasyFillAddresses', { patientToken: token })).body;
    const cards = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body;
    expect(addresses).toHaveLength(2);
    expect(cards).toHaveLength(2);
    expect(cards.map((c: { cardNumber: string }) => c.cardNumber).sort()).toEqual(['1111', '4444']);
    // Editing a card changes its details, never its number (the token stays).
    const fsa = cards.find((c: { fsaCard: boolean }) => c.fsaCard);
    const edit = { defaultCard: false, cardFirstName: 'Maria E', cardLastName: 'Lopez', cardTypeNum: fsa.cardTypeNum, cardMonthNum: 4, cardYear: 2031, pciToken: fsa.pciToken, isFsaCard: true };
    expect((await gw.call('updateEasyFillPaymentMethod', { patientToken: token, params: { paymentMethodId: fsa.cardSeqNum }, body: edit })).body).toEqual({ id: fsa.cardSeqNum });
    const edited = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body.find((c: { cardSeqNum: number }) => c.cardSeqNum === fsa.cardSeqNum);
    expect(edited).toMatchObject({ cardFirstName: 'Maria E', cardExpiration: '04/2031', cardNumber: '4444' });

    const stamp = new Date().toISOString();
    const line = { orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true };
    const cart = {
      orderCartId: 0, patientId: null, shippingAddressId: addresses[0].addressId, billingAddressId: addresses[0].addressId,
      paymentCardId: cards[0].cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false,
      originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
      orderLineItems: drugs.slice(0, 2).map((d: { rxId: number }) => ({ ...line, rxId: d.rxId })),
    };
    const order = await gw.call('placeEasyFillOrder', { patientToken: token, body: cart });
    expect(order.body).toMatchObject({ messageStatus: true });
    const stored = await gw.db.selectFrom('orders').selectAll().where('orderId', '=', order.body.orderId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ shippingAddressId: addresses[0].addressId, paymentCardId: cards[0].cardSeqNum, expeditedShipping: false });
    const lines = await gw.db.selectFrom('orderLines').selectAll().where('orderId', '=', order.body.orderId).execute();
    expect(lines.map((l) => l.rxId).sort()).toEqual(drugs.slice(0, 2).map((d: { rxId: number }) => d.rxId).sort());
    // The order ended the link's session: what shows the order still answers, nothing else does.
    const details = await gw.call('getPrescriptionDetailsByIds', { patientToken: token, body: { rxIds: cart.orderLineItems.map((l: { rxId: number }) => l.rxId) } });
    expect(details.body.every((d: { selected: boolean }) => d.selected)).toBe(true);
    const ended = [
      await gw.call('listEasyFillPrescriptions', { patientToken: token }),
      await gw.call('listEasyFillAddresses', { patientToken: token }),
      await gw.call('listEasyFillPaymentMethods', { patientToken: token }),
      await gw.call('placeEasyFillOrder', { patientToken: token, body: { ...cart, orderLineItems: [{ ...line, rxId: drugs[2].rxId }] } }),
      await gw.call('getTokenizerCredentials', { patientToken: token }),
    ];
    expect(ended.map((r) => [r.status, r.body.messageErrorText])).toEqual(Array(5).fill([401, 'Access token revoked: its session has ended.']));
    // A new verification of the link sees the ordered drugs gone; ordering them again is refused.
    const again = await tokenFor('EasyFill', 'demo-refill');
    expect((await gw.call('listEasyFillPrescriptions', { patientToken: again })).body).toHaveLength(2);
    expect((await gw.call('placeEasyFillOrder', { patientToken: again, body: cart })).status).toBe(409);
  });

  it('after the order, the link\'s session answers only what shows the order (details, auto refill), until sign-out', async () => {
    const { linkId } = (await gw.app.inject({ method: 'POST', url: '/__test/links', payload: { from: 'demo-refill', kind: 'easyfill' } })).json() as { linkId: string };
    const token = await tokenFor('EasyFill', linkId);
    const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    const addresses = (await gw.call('listEasyFillAddresses', { patientToken: token })).body;
    const cards = (await gw.call('listEasyFillPaymentMethods', { patientToken: token })).body;
    const stamp = gw.clock.now.toISOString();
    const line = { orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true };
    const cart = {
      orderCartId: 0, patientId: null, shippingAddressId: addresses[0].addressId, billingAddressId: addresses[0].addressId,
      paymentCardId: cards[0].cardSeqNum, paymentMethodTypeId: 2, orderId: 0, statusId: 0, expeditedShipping: false,
      originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
      orderLineItems: drugs.map((d: { rxId: number }) => ({ ...line, rxId: d.rxId })),
    };
    const key = { 'idempotency-key': `ended-by-order-${linkId}`.slice(0, 64) };
    const order = await gw.call('placeEasyFillOrder', { patientToken: token, body: cart, headers: key });
    expect(order.status).toBe(200);
    // The same key again (an answer lost on the way) gets the first answer, not a refusal.
    const repeat = await gw.call('placeEasyFillOrder', { patientToken: token, body: cart, headers: key });
    expect([repeat.status, repeat.body, repeat.headers['idempotent-replayed']]).toEqual([200, order.body, 'true']);
    expect((await gw.call('listEasyFillPrescriptions', { patientToken: token })).status).toBe(401);
    expect((await gw.call('listEasyFillAddresses', { patientToken: token })).status).toBe(401);
    const eligible = drugs.find((d: { autoFillEligible: boolean }) => d.autoFillEligible);
    expect((await gw.call('getPrescriptionDetailsByIds', { patientToken: token, body: { rxIds: [eligible.rxId] } })).status).toBe(200);
    expect((await gw.call('toggleEasyFillAutoRefill', { patientToken: token, body: { rxs: [eligible.rxId], autoRefill: false } })).status).toBe(200);
    expect((await gw.call('revokeSession', { patientToken: token })).status).toBe(204);
    expect((await gw.call('getPrescriptionDetailsByIds', { patientToken: token, body: { rxIds: [eligible.rxId] } })).status).toBe(401);
  });

  it('turns auto refill on and off for eligible drugs only, and keeps it', async () => {
    const token = await tokenFor('EasyFill', 'demo-newrx');
    const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    const rxId = drugs[0].rxId;
    const on = await gw.call('toggleEasyFillAutoRefill', { patientToken: token, body: { rxs: [rxId], autoRefill: true } });
    expect(on.body.rxs).toEqual([{ rxId, autoRefill: true }]);
    const again = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    expect(again.find((d: { rxId: number }) => d.rxId === rxId).autoFillStatusValue).toBe(true);
    await gw.call('toggleEasyFillAutoRefill', { patientToken: token, body: { rxs: [rxId], autoRefill: false } });

    const refill = await tokenFor('EasyFill', 'demo-refill');
    const tramadol = (await gw.call('listEasyFillPrescriptions', { patientToken: refill })).body.find((d: { autoFillEligible: boolean }) => !d.autoFillEligible);
    expect((await gw.call('toggleEasyFillAutoRefill', { patientToken: refill, body: { rxs: [tramadol.rxId], autoRefill: true } })).status).toBe(422);
  });

  it('lets a bill-me-later member order without a card, and nobody else', async () => {
    const token = await tokenFor('EasyFill', 'demo-billmelater', LINDA);
    expect((await gw.call('listEasyFillPaymentMethods', { patientToken: token })).status).toBe(204);
    const drugs = (await gw.call('listEasyFillPrescriptions', { patientToken: token })).body;
    const [address] = (await gw.call('listEasyFillAddresses', { patientToken: token })).body;
    const stamp = new Date().toISOString();
    const cart = {
      orderCartId: 0, patientId: null, shippingAddressId: address.addressId, billingAddressId: address.addressId,
      paymentCardId: null, paymentMethodTypeId: 6, orderId: 0, statusId: 0, expeditedShipping: false, originationNum: 0,
      addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
      orderLineItems: [{ rxId: drugs[0].rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true }],
    };
    expect((await gw.call('placeEasyFillOrder', { patientToken: token, body: cart })).body.messageStatus).toBe(true);
  });

  it('adds an address (reloaded list shows it) and refuses one whose zip, city and state disagree', async () => {
    const token = await tokenFor('EasyFill', 'demo-newrx');
    const save = { isDefaultShipping: false, isDefaultBilling: false, addressType: 4, addressLine1: '7014 E Camelback Rd', city: 'Scottsdale', state: 'AZ', zip: '85251' };
    const added = await gw.call('addEasyFillAddress', { patientToken: token, body: save });
    expect(added.body.id).toBeGreaterThan(0);
    const list = (await gw.call('listEasyFillAddresses', { patientToken: token })).body;
    expect(list.map((a: { addressId: number }) => a.addressId)).toContain(added.body.id);
    const moved = await gw.call('updateEasyFillAddress', { patientToken: token, body: { ...save, addressId: added.body.id, addressLine1: '7014 E Camelback Road Unit 2' } });
    expect(moved.body.id).toBe(added.body.id);
    const off = await gw.call('addEasyFillAddress', { patientToken: token, body: { ...save, addressLine1: '1 N Central Ave', city: 'Tempe' } });
    expect(off.status).toBe(422);
    expect(off.body.messageErrorText).toContain('Zip code OFF');
    expect((await gw.call('lookupEasyFillZipCode', { params: { zipCode: '85281' } })).body).toEqual([{ city: 'Tempe', state: 'AZ', country: 'US', zipCode: '85281' }]);
  });
});

describe('Auto Refill', () => {
  it('lists the requested, other and expiring drugs with the defaults', async () => {
    const token = await tokenFor('AutoRefill', 'demo-autorefill');
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    expect(drugs.filter((d: { selectedRxForAutoRefill: boolean }) => d.selectedRxForAutoRefill)).toHaveLength(1);
    expect(drugs.filter((d: { autoFillStatus: string; autoFillEligible: boolean; selectedRxForAutoRefill: boolean }) => d.autoFillStatus === 'False' && d.autoFillEligible && !d.selectedRxForAutoRefill)).toHaveLength(2);
    expect(drugs.filter((d: { isConsentExtension: boolean }) => d.isConsentExtension)).toHaveLength(1);
    expect(drugs.filter((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder)).toHaveLength(1);
    // The Order Medication modal adds up the copays of what it orders: each drug carries its own.
    expect(drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder).copay).toBe(10);
    expect((await gw.call('getAutoRefillShipmentAddress', { patientToken: token })).body).toMatchObject({ address1: '1420 E Apache Blvd' });
    expect((await gw.call('getAutoRefillPayment', { patientToken: token })).body).toMatchObject({ cardNumber: '1111', defaultCard: true });
  });

  it('orders a must-order drug first, then enrols everything selected (kept after reload)', async () => {
    const token = await tokenFor('AutoRefill', 'demo-autorefill');
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const mustOrder = drugs.find((d: { mustPlaceEPostRxOrder: boolean }) => d.mustPlaceEPostRxOrder);
    const requested = drugs.find((d: { selectedRxForAutoRefill: boolean }) => d.selectedRxForAutoRefill);
    const refused = await gw.call('manageAutoRefill', { patientToken: token, body: [{ rxId: mustOrder.rxId, autoRefill: true }] });
    expect(refused.status).toBe(422);

    const address = (await gw.call('getAutoRefillShipmentAddress', { patientToken: token })).body;
    const card = (await gw.call('getAutoRefillPayment', { patientToken: token })).body;
    const stamp = new Date().toISOString();
    const order = await gw.call('placeAutoRefillOrder', {
      patientToken: token,
      body: {
        orderCartId: 0, patientId: null, shippingAddressId: address.addressId, billingAddressId: address.addressId,
        paymentCardId: card.cardSeqNum, paymentMethodTypeId: card.cardTypeNum, orderId: 0, statusId: 0, expeditedShipping: false,
        originationNum: 0, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true,
        orderLineItems: [{ rxId: mustOrder.rxId, orderLineItemId: 0, lineNumber: 0, orderCartId: 0, previousDispenseId: 0, statusId: 0, priorityItem: true, addedDate: stamp, updatedDate: stamp, addedBy: 0, updatedBy: 0, messageStatus: true }],
      },
    });
    expect(order.body.messageStatus).toBe(true);

    const managed = await gw.call('manageAutoRefill', { patientToken: token, body: [requested, mustOrder].map((d) => ({ rxId: d.rxId, autoRefill: true })) });
    expect(managed.status).toBe(200);
    expect(managed.body.manageARInfo.every((i: { messageStatus: boolean }) => i.messageStatus)).toBe(true);
    // The order ended this session (its enrolment above still answered); a reload verifies again.
    expect((await gw.call('listAutoRefillPrescriptions', { patientToken: token })).status).toBe(401);
    const after = (await gw.call('listAutoRefillPrescriptions', { patientToken: await tokenFor('AutoRefill', 'demo-autorefill') })).body;
    expect(after.find((d: { rxId: number }) => d.rxId === requested.rxId).autoFillStatus).toBe('True');
  });

  it('answers 207 when one drug of the request fails (demo-partial)', async () => {
    const token = await tokenFor('AutoRefill', 'demo-partial');
    const drugs = (await gw.call('listAutoRefillPrescriptions', { patientToken: token })).body;
    const r = await gw.call('manageAutoRefill', { patientToken: token, body: drugs.map((d: { rxId: number }) => ({ rxId: d.rxId, autoRefill: true })) });
    expect(r.status).toBe(207);
    expect(r.body.statusCode).toBe(207);
    expect(r.body.manageARInfo.map((i: { messageStatus: boolean }) => i.messageStatus).sort()).toEqual([false, true]);
  });

  it('has no default payment for demo-nodefaults', async () => {
    const token = await tokenFor('AutoRefill', 'demo-nodefaults', LINDA);
    expect((await gw.call('getAutoRefillPayment', { patientToken: token })).status).toBe(204);
    expect((await gw.call('getAutoRefillShipmentAddress', { patientToken: token })).status).toBe(200);
  });
});
