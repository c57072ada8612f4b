/**
 * The assertions models use for their state invariants. Models run in vitest
 * and in Playwright, and neither runner's `expect` may be imported by the
 * other, so invariants use this small expect over node:assert.
 */
import assert from 'node:assert/strict';

export function expect<T>(actual: T) {
  return {
    toBe: (expected: T) => assert.equal(actual, expected),
    toEqual: (expected: T) => assert.deepEqual(actual, expected),
    toBeNull: () => assert.equal(actual, null),
    toBeGreaterThan: (n: number) => assert.ok((actual as number) > n, `expected ${String(actual)} > ${n}`),
    not: { toBeNull: () => assert.notEqual(actual, null) },
  };
}
