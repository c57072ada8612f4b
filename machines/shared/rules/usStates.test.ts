import { describe, expect, test } from 'vitest';
import { stateByAbbreviation, US_STATES } from './usStates.ts';

describe('the US state and territory list', () => {
  test('has 59 entries coded 01 to 59 with unique abbreviations', () => {
    expect(US_STATES).toHaveLength(59);
    expect(US_STATES[0]!.code).toBe('01');
    expect(US_STATES[58]!.code).toBe('59');
    expect(new Set(US_STATES.map((s) => s.abbreviation)).size).toBe(59);
  });
  test('finds a state by its abbreviation in any case', () => {
    expect(stateByAbbreviation(' az')?.name).toBe('Arizona');
    expect(stateByAbbreviation('ZZ')).toBeNull();
  });
});
