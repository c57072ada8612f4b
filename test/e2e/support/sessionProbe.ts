import { expect, type APIRequestContext, type Page } from './test.ts';

/**
 * Whether the page's patient session has ended at the gateway. A session is ended as the page unloads
 * (a keepalive request from a document on its way out, which Playwright does not report), so the test
 * asks the gateway instead: the last patient token the page sent, with its app token, reads the
 * patient's orders until the session is revoked, and is refused (401) after.
 */
export function watchPatientToken(page: Page): { endedAtGateway: (request: APIRequestContext) => Promise<void> } {
  let headers: Record<string, string> | null = null;
  page.on('request', (r) => {
    const all = r.headers();
    if (r.url().includes('/gwapi/') && all['x-access-token'] && all['x-app-token']) {
      headers = { 'X-Access-Token': all['x-access-token'], 'X-App-Token': all['x-app-token'] };
    }
  });
  return {
    endedAtGateway: async (request) => {
      expect(headers, 'the page sent a patient token').not.toBeNull();
      await expect.poll(async () => (await request.get('/gwapi/orders', { headers: headers! })).status()).toBe(401);
    },
  };
}
