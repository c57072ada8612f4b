import { describe, expect, it } from 'vitest';
import { MAX_FRESH_MEMORY_US_PER_PAGE, slowFreshMemory } from './stats.ts';

describe('a verdict needs memory as fast as the machines whose flows measured fast', () => {
  it('gives none when the median page of fresh memory costs more than the limit', () => {
    expect(slowFreshMemory([2.8, 14, 15])).toBe(`a page of fresh memory cost 14 us (median; at most ${MAX_FRESH_MEMORY_US_PER_PAGE}): a machine that slow in memory makes every page look slow`);
  });
  it('allows one when the median is within it, whatever a single run read', () => {
    expect(slowFreshMemory([2.3, 3.0, 22])).toBeNull();
    expect(slowFreshMemory([MAX_FRESH_MEMORY_US_PER_PAGE])).toBeNull();
  });
  it('gives none when nothing was measured', () => {
    expect(slowFreshMemory([null, null])).toMatch(/^a page of fresh memory cost - us/);
  });
});
