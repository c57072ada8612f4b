import { describe, expect, test } from 'vitest';
import { healthLabel } from './healthInfo.ts';

describe('how an allergy or a condition reads on the page', () => {
  test('words title-cased, the abbreviations as people write them', () => {
    expect(healthLabel('PENICILLINS')).toBe('Penicillins');
    expect(healthLabel('SULFA (SULFONAMIDE ANTIBIOTICS)')).toBe('Sulfa (Sulfonamide Antibiotics)');
    expect(healthLabel('COPD')).toBe('COPD');
    expect(healthLabel('GERD')).toBe('GERD');
    expect(healthLabel('NSAIDS')).toBe('NSAIDs');
    expect(healthLabel('HMG-COA REDUCTASE INHIBITORS')).toBe('HMG-CoA Reductase Inhibitors');
    expect(healthLabel('TYPE 2 DIABETES MELLITUS')).toBe('Type 2 Diabetes Mellitus');
  });
});
