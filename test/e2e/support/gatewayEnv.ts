/**
 * The environment of the gateway the browser tests run against (playwright.config.ts's webServer, and
 * test/engines/run.ts for Firefox and WebKit): the real gateway in memory, with the test-only fault switch.
 */
export function testGatewayEnv(port: number, tokenizerPort: number): Record<string, string> {
  return {
    PORT: String(port),
    TOKENIZER_PORT: String(tokenizerPort),
    HOST: '127.0.0.1',
    GATEWAY_DATA: 'memory',
    GATEWAY_FAULTS: '1',
    // The per-IP rate limits are lifted: the whole suite is one client (127.0.0.1) that opens a link and
    // fetches an app token on every page load, two workers at a time. At 60 link validations a minute, a
    // quick run met 429 'Too many requests' mid-suite. The limits themselves are tested against the real
    // gateway in test/contract/rate-limit.test.ts and across instances in test/concurrency/instances.test.ts;
    // the 429 message in the browser through the fault switch.
    GATEWAY_RATE_APPTOKEN: '1000000',
    GATEWAY_RATE_VERIFY: '1000000',
    // Several tests act as the same persona at once (two workers, and the phone-network project): a member's
    // 60 writes a minute would be the suite's, not a member's. Tested in test/concurrency/limits.test.ts.
    GATEWAY_RATE_MEMBER_WRITES: '1000000',
    // The run's end stops the gateway: no load balancer to drain for (the drain is tested in test/faults).
    GATEWAY_DRAIN_MS: '0',
  };
}
