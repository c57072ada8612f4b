import { describe, expect, it, vi } from 'vitest';
import {
  CALL_TIME_LIMIT_MS,
  GENERAL_ERROR_TEXT,
  GatewayCallError,
  createGateway,
  displayErrorText,
  isSuccessStatus,
  list,
  lookup,
  newIdempotencyKey,
  required,
  settle,
  SUBMITTING_CALLS,
} from './gateway.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake gateway: records requests, answers the app token call and then `answer`. */
function fakeGateway(answer: (req: Request) => Response | Promise<Response>, clock = { t: 0 }) {
  const seen: Request[] = [];
  let issued = 0;
  const fetch = async (req: Request) => {
    seen.push(req);
    if (new URL(req.url).pathname === '/gwapi/apptoken') {
      issued += 1;
      return json(200, { token: `app-${issued}`, expiresAt: new Date(clock.t + 15 * 60_000).toISOString(), expiresIn: 900 });
    }
    return answer(req);
  };
  const gw = createGateway({ baseUrl: 'http://gw.test', fetch, now: () => clock.t });
  return { gw, seen, clock, issuedCount: () => issued };
}

const banner = (gw: ReturnType<typeof createGateway>) =>
  gw.client.GET('/gwapi/banners/{bannerId}', { params: { path: { bannerId: 1 } } });

describe('the error-text rule', () => {
  it.each([
    ['java.lang.NullPointerException at com.x'],
    ['ORA-00942: SQL command not properly ended'],
    ['mysql driver failed'],
    ['Unknown Error'],
    ['System.InvalidOperationException: Sequence contains no elements'],
    ['System exception occurred'],
    ['Failed to execute atob on Window'],
    ['Windows Server returned 0x80004005'],
    ['Error updating record 42'],
    ['java.net.SocketTimeoutException'],
    ['socket hang up'],
    ['java.io.IOException: Broken pipe'],
    ['IO Exception reading stream'],
  ])('hides the internal text %j behind the general message', (text) => {
    expect(displayErrorText(text)).toBe(GENERAL_ERROR_TEXT);
  });

  it.each([[undefined], [null], [''], ['   '], [42]])('uses the general message when the text is missing (%j)', (text) => {
    expect(displayErrorText(text)).toBe(GENERAL_ERROR_TEXT);
  });

  it('shows a plain server message as it is', () => {
    expect(displayErrorText('Address already exists.')).toBe('Address already exists.');
  });
});

describe('success statuses', () => {
  it('are 200 to 207 only', () => {
    expect([199, 200, 201, 204, 207, 208, 299, 300, 400, 500].map(isSuccessStatus)).toEqual([
      false, true, true, true, true, false, false, false, false, false,
    ]);
  });
});

describe('settling calls', () => {
  it('returns the body of a 200', async () => {
    const { gw } = fakeGateway(() => json(200, { value: '<p>hi</p>', statusCode: 200 }));
    expect(await required(banner(gw))).toEqual({ value: '<p>hi</p>', statusCode: 200 });
  });

  it('returns the body of a 207 (partial success is success)', async () => {
    const { gw } = fakeGateway(() => json(207, { statusCode: 207, manageARInfo: [] }));
    const data = await settle(gw.client.PUT('/gwapi/autorefill', { body: [{ rxId: 1, autoRefill: true }] }));
    expect(data).toEqual({ statusCode: 207, manageARInfo: [] });
  });

  it('turns a 204 on a list call into an empty list', async () => {
    const { gw } = fakeGateway(() => json(204, null));
    expect(await list(gw.client.GET('/gwapi/mmar/Addresses'))).toEqual([]);
  });

  it('turns a 404 of a lookup into nothing found, and keeps any other failure a failure', async () => {
    const zip = (gw: ReturnType<typeof createGateway>) => gw.client.GET('/gwapi/mmar/ZipCodeLookup/{zipCode}', { params: { path: { zipCode: '00000' } } });
    expect(await lookup(zip(fakeGateway(() => json(404, { messageErrorText: 'No records found!' })).gw))).toEqual([]);
    await expect(lookup(zip(fakeGateway(() => json(500, {})).gw))).rejects.toMatchObject({ status: 500 });
  });

  it('refuses a 204 where a body is required', async () => {
    const { gw } = fakeGateway(() => json(204, null));
    await expect(required(banner(gw))).rejects.toBeInstanceOf(GatewayCallError);
  });

  // Section 8: not 2xx is the general text, whatever the server says (its words are kept for rules to read, never shown).
  it.each([
    [400, 'Invalid request body.'],
    [401, 'App token expired.'],
    [403, 'java.lang.SecurityException'],
    [409, 'Address already exists.'],
    [422, ''],
    [500, 'db down'],
    [503, 'Drug list service unavailable.'],
  ])('throws for status %i with the general text, the server text kept apart', async (status, text) => {
    const { gw } = fakeGateway(() => json(status, { messageStatus: false, messageErrorText: text, statusCode: status }));
    const error = await settle(banner(gw)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayCallError);
    expect(error).toMatchObject({ status, displayText: GENERAL_ERROR_TEXT, serverText: text });
  });

  it("gives a call's own text in place of the general one", async () => {
    const { gw } = fakeGateway(() => json(500, { messageErrorText: 'Address service failed' }));
    await expect(settle(banner(gw), 'Something went wrong. Try again.')).rejects.toMatchObject({ displayText: 'Something went wrong. Try again.' });
  });

  it('treats 3xx and 208+ as failures with the general text', async () => {
    const { gw } = fakeGateway(() => new Response('', { status: 208 }));
    await expect(settle(banner(gw))).rejects.toMatchObject({ status: 208, displayText: GENERAL_ERROR_TEXT });
  });

  it('treats a request that cannot complete as status 400', async () => {
    const { gw } = fakeGateway(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(settle(banner(gw))).rejects.toMatchObject({ status: 400, displayText: GENERAL_ERROR_TEXT });
  });

  it('gives up a call that has not answered within the time limit, as one that cannot complete (status 400), and stops waiting for it', async () => {
    let aborted: unknown = null;
    const never = (req: Request) =>
      new Promise<Response>((_, reject) => {
        req.signal.addEventListener('abort', () => {
          aborted = req.signal.reason;
          reject(req.signal.reason);
        });
      });
    const fetch = async (req: Request) =>
      new URL(req.url).pathname === '/gwapi/apptoken' ? json(200, { token: 'app-1', expiresAt: new Date(Date.now() + 900_000).toISOString(), expiresIn: 900 }) : never(req);
    const gw = createGateway({ baseUrl: 'http://gw.test', fetch, timeLimitMs: 50 });
    await expect(settle(banner(gw))).rejects.toMatchObject({ status: 400, displayText: GENERAL_ERROR_TEXT });
    expect((aborted as DOMException).name).toBe('TimeoutError');
  });

  it('keeps the limit at 15 s by default', () => {
    expect(CALL_TIME_LIMIT_MS).toBe(15_000);
  });

  it("uses a call's own fallback when the server gives no usable text, and for any answer that is not 2xx", async () => {
    const empty = fakeGateway(() => json(500, { messageStatus: false, messageErrorText: '', statusCode: 500 }));
    await expect(required(banner(empty.gw), '')).rejects.toMatchObject({ status: 500, displayText: '' });
    const leaky = fakeGateway(() => json(500, { messageStatus: false, messageErrorText: 'java.io.IOException', statusCode: 500 }));
    await expect(required(banner(leaky.gw), '')).rejects.toMatchObject({ status: 500, displayText: '' });
    const plain = fakeGateway(() => json(404, { messageStatus: false, messageErrorText: 'Order not found.', statusCode: 404 }));
    await expect(required(banner(plain.gw), '')).rejects.toMatchObject({ status: 404, displayText: '', serverText: 'Order not found.' });
  });
});

describe('token headers', () => {
  it('sends the app token on every call and the patient token once set', async () => {
    const { gw, seen } = fakeGateway(() => json(200, { value: '', statusCode: 200 }));
    await settle(banner(gw));
    gw.setPatientToken('pt-1');
    await settle(banner(gw));
    const calls = seen.filter((r) => !r.url.endsWith('/gwapi/apptoken'));
    expect(calls.map((r) => r.headers.get('X-App-Token'))).toEqual(['app-1', 'app-1']);
    expect(calls.map((r) => r.headers.get('X-Access-Token'))).toEqual([null, 'pt-1']);
    gw.clearPatientToken();
    await settle(banner(gw));
    expect(seen.at(-1)!.headers.get('X-Access-Token')).toBeNull();
  });

  it('fetches the app token once for concurrent calls and renews it before expiry', async () => {
    const { gw, clock, issuedCount } = fakeGateway(() => json(200, { value: '', statusCode: 200 }));
    await Promise.all([settle(banner(gw)), settle(banner(gw)), settle(banner(gw))]);
    expect(issuedCount()).toBe(1);
    clock.t += 13 * 60_000; // still more than a minute left
    await settle(banner(gw));
    expect(issuedCount()).toBe(1);
    clock.t += 60_000 + 1; // inside the renewal margin
    await settle(banner(gw));
    expect(issuedCount()).toBe(2);
  });

  it('never sends tokens to the app-token endpoint itself', async () => {
    const { gw, seen } = fakeGateway(() => json(200, { value: '', statusCode: 200 }));
    gw.setPatientToken('pt-1');
    await settle(banner(gw));
    const tokenCall = seen.find((r) => r.url.endsWith('/gwapi/apptoken'))!;
    expect(tokenCall.headers.get('X-Access-Token')).toBeNull();
  });
});

describe('ending the session', () => {
  it('revokes the token that was current, forgets it at once, and sends it with keepalive', async () => {
    const { gw, seen } = fakeGateway(() => new Response(null, { status: 204 }));
    gw.setPatientToken('patient-1');
    gw.endSession();
    expect(gw.hasPatientToken()).toBe(false);
    // A token set meanwhile (a new verification) is neither revoked nor lost.
    gw.setPatientToken('patient-2');
    await vi.waitFor(() => expect(seen.some((r) => new URL(r.url).pathname === '/gwapi/session/revoke')).toBe(true));
    const revoke = seen.find((r) => new URL(r.url).pathname === '/gwapi/session/revoke')!;
    expect([revoke.method, revoke.headers.get('x-access-token'), revoke.keepalive]).toEqual(['POST', 'patient-1', true]);
    expect(gw.patientToken()).toBe('patient-2');
  });

  it("resolves once the revoke has left, not before: the page's first call waits for its app token, and a page left then must keep what names the session", async () => {
    let giveToken!: () => void;
    const tokenHeld = new Promise<void>((r) => (giveToken = r));
    const seen: string[] = [];
    const fetch = async (req: Request) => {
      const path = new URL(req.url).pathname;
      seen.push(path);
      if (path === '/gwapi/apptoken') {
        await tokenHeld;
        return json(200, { token: 'app-1', expiresAt: new Date(15 * 60_000).toISOString(), expiresIn: 900 });
      }
      // The revoke's answer never comes: leaving is what counts.
      return new Promise<Response>(() => {});
    };
    const gw = createGateway({ baseUrl: 'http://gw.test', fetch, now: () => 0 });
    let left = false;
    const ending = gw.endSession('stored-token').then(() => (left = true));
    await vi.waitFor(() => expect(seen).toEqual(['/gwapi/apptoken']));
    expect(left).toBe(false);
    giveToken();
    await ending;
    expect(seen).toEqual(['/gwapi/apptoken', '/gwapi/session/revoke']);
  });

  it('sends nothing without a token, and never throws when the gateway fails', async () => {
    const { gw, seen } = fakeGateway(() => {
      throw new TypeError('offline');
    });
    await gw.endSession();
    gw.setPatientToken('patient-1');
    // A failed revoke still resolves: the caller drops what it held either way.
    await gw.endSession();
    expect(seen.filter((r) => new URL(r.url).pathname === '/gwapi/session/revoke')).toHaveLength(1);
    expect(gw.hasPatientToken()).toBe(false);
  });
});

describe('a session ended elsewhere', () => {
  it('tells its listeners once when a call with the patient token is refused (401), and forgets the token', async () => {
    const { gw } = fakeGateway((req) => (req.headers.get('X-Access-Token') ? json(401, { message: 'Access token revoked: its session has ended.' }) : json(200, {})));
    const ended = vi.fn();
    const stop = gw.onSessionEnded(ended);
    await banner(gw);
    expect(ended).not.toHaveBeenCalled();
    gw.setPatientToken('patient-1');
    await Promise.all([banner(gw), banner(gw)]);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(gw.hasPatientToken()).toBe(false);
    stop();
    gw.setPatientToken('patient-2');
    await banner(gw);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('says nothing for a 401 without the patient token, or for a token already replaced', async () => {
    const { gw } = fakeGateway(() => json(401, { message: 'App token expired.' }));
    const ended = vi.fn();
    gw.onSessionEnded(ended);
    await banner(gw);
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('the Idempotency-Key of the submitting calls', () => {
  const contract = parse(readFileSync(new URL('../../openapi/gateway.yaml', import.meta.url), 'utf8'));
  const order = (gw: ReturnType<typeof createGateway>, expeditedShipping = false) =>
    gw.client.POST('/gwapi/easyfill/order', { body: { orderLineItems: [], expeditedShipping } as never });
  const keysSent = (seen: Request[]) => seen.filter((r) => new URL(r.url).pathname === '/gwapi/easyfill/order').map((r) => r.headers.get('Idempotency-Key'));
  /** A fake gateway answering the order call with each status of `statuses` in turn ('offline': the fetch rejects); keys key-1, key-2... */
  const answering = (...statuses: (number | 'offline')[]) => {
    const seen: Request[] = [];
    let n = 0;
    let k = 0;
    const fetch = async (req: Request) => {
      seen.push(req);
      if (new URL(req.url).pathname === '/gwapi/apptoken') return json(200, { token: 'app', expiresAt: new Date(Date.now() + 900_000).toISOString(), expiresIn: 900 });
      if (new URL(req.url).pathname !== '/gwapi/easyfill/order') return json(200, { value: '' });
      const status = statuses[Math.min(n++, statuses.length - 1)]!;
      if (status === 'offline') throw new TypeError('Failed to fetch');
      return json(status, status < 300 ? { orderId: 1, orderCartId: 1, messageStatus: true } : { messageStatus: false, messageErrorText: 'x', statusCode: status });
    };
    return { gw: createGateway({ baseUrl: 'http://gw.test', fetch, newKey: () => `key-${++k}` }), seen };
  };
  const send = (gw: ReturnType<typeof createGateway>, expeditedShipping = false) => settle(order(gw, expeditedShipping)).catch(() => undefined);

  it('sends a key on a submitting call only', async () => {
    const { gw, seen } = answering(200);
    await send(gw);
    await banner(gw);
    expect(keysSent(seen)).toEqual(['key-1']);
    expect(seen.filter((r) => r.url.includes('/banners/')).map((r) => r.headers.get('Idempotency-Key'))).toEqual([null]);
  });

  it('keeps the key while the same body is sent again after a lost answer, a 500 or a refusal; a new one after a success', async () => {
    const { gw, seen } = answering('offline', 500, 409, 200, 200);
    for (let i = 0; i < 5; i++) await send(gw);
    expect(keysSent(seen)).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('makes a new key when the body changes (another submission), and gives two presses at once one key', async () => {
    const { gw, seen } = answering('offline');
    await send(gw);
    await send(gw, true);
    await send(gw, true);
    await Promise.all([send(gw), send(gw)]);
    expect(keysSent(seen)).toEqual(['key-1', 'key-2', 'key-2', 'key-3', 'key-3']);
  });

  it('forgets the keys when the session ends', async () => {
    const { gw, seen } = answering('offline');
    await send(gw);
    gw.endSession();
    await send(gw);
    expect(keysSent(seen)).toEqual(['key-1', 'key-2']);
  });

  it('lists exactly the operations whose contract takes the key', () => {
    const withKey: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { parameters?: { $ref?: string }[] }>>(contract.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op?.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey')) withKey.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect([...SUBMITTING_CALLS].sort()).toEqual(withKey.sort());
  });

  it('makes keys the contract takes (a UUID), with or without crypto.randomUUID', () => {
    const { pattern, minLength, maxLength } = contract.components.parameters.IdempotencyKey.schema;
    const fits = (key: string) => new RegExp(pattern).test(key) && key.length >= minLength && key.length <= maxLength;
    expect(fits(newIdempotencyKey())).toBe(true);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(fits(key)).toBe(true);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
