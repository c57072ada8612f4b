/** The SPA's gateway client over the in-process reference gateway (no port): what the browser does, without the browser. */
import { createGateway, type GatewayClient } from '../../src/api/gateway.ts';
import type { TestGateway } from '../contract/harness.ts';

/** A client whose requests go to the in-process gateway. */
export function inProcessClient(server: TestGateway): GatewayClient {
  return createGateway({
    baseUrl: 'http://gateway.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      const answer = await server.app.inject({
        method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(request.method === 'GET' ? {} : { payload: await request.text() }),
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers: answer.headers as Record<string, string> });
    },
  });
}
