import { describe, expect, test } from 'vitest';
import { addRow, EMPTY_HEALTH_LIST, healthLabel, pickInRow, suggestionsForRow, typeInRow, type HealthItem } from './healthInfo.ts';

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

describe("a lookup's answer goes to the row still being typed", () => {
  const peanuts: HealthItem = { ref: '0101', desc: 'PEANUTS' };
  const typed = (text: string) => typeInRow(addRow(EMPTY_HEALTH_LIST, 1), 1, text);

  test('the first list with such a row, its text trimmed; the failure kept with it', () => {
    const allergies = typed('pea ');
    const conditions = typeInRow(addRow(EMPTY_HEALTH_LIST, 2), 2, 'asth');
    expect(suggestionsForRow([{ kind: 'allergies', list: allergies }, { kind: 'conditions', list: conditions }], [peanuts], null)).toEqual({
      kind: 'allergies',
      rowId: 1,
      text: 'pea',
      items: [peanuts],
      failure: null,
    });
    expect(suggestionsForRow([{ kind: 'allergies', list: EMPTY_HEALTH_LIST }, { kind: 'conditions', list: conditions }], [], 'Something went wrong.')).toEqual({
      kind: 'conditions',
      rowId: 2,
      text: 'asth',
      items: [],
      failure: 'Something went wrong.',
    });
  });

  test('none for a row of too few letters or one already picked', () => {
    expect(suggestionsForRow([{ kind: 'allergies', list: typed('pe') }], [peanuts], null)).toBeNull();
    expect(suggestionsForRow([{ kind: 'allergies', list: pickInRow(typed('pea'), 1, peanuts) }], [peanuts], null)).toBeNull();
  });
});
