import { describe, expect, test } from 'vitest';
import { addRow, EMPTY_HEALTH_LIST, HEALTH_HINTS, HEALTH_KINDS, healthLabel, healthRowHint, lookupOffered, noneOnFile, pickInRow, suggestionsForRow, typeInRow, type HealthItem } from './healthInfo.ts';

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

describe('the lookup leaves out what is already on the page (section 4)', () => {
  const hypertension: HealthItem = { ref: 101, desc: 'HYPERTENSION' };
  const hyperlipidemia: HealthItem = { ref: 102, desc: 'HYPERLIPIDEMIA' };
  const hypothyroidism: HealthItem = { ref: 103, desc: 'HYPOTHYROIDISM' };
  const hypotension: HealthItem = { ref: 104, desc: 'HYPOTENSION' };
  const hypoglycemia: HealthItem = { ref: 105, desc: 'HYPOGLYCEMIA' };
  const found = [hypertension, hyperlipidemia, hypothyroidism, hypotension, hypoglycemia, { ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' }];

  test('the common list, the entries on file and the rows added already are not offered again', () => {
    const picked = pickInRow(addRow(EMPTY_HEALTH_LIST, 1), 1, hypotension);
    const list = typeInRow(addRow(picked, 2), 2, 'hyp');
    const known = { common: [hypertension, hyperlipidemia], onFile: ['Hypothyroidism'] };
    expect(suggestionsForRow([{ kind: 'conditions', list, known }], found, null)?.items).toEqual([hypoglycemia]);
    expect(lookupOffered('conditions', found, { ...known, list })).toEqual([hypoglycemia]);
  });

  test('allergies alike: a common allergy is a checkbox, not a suggestion', () => {
    const peanuts: HealthItem = { ref: '0101', desc: 'PEANUTS' };
    const penicillins: HealthItem = { ref: '0200', desc: 'PENICILLINS' };
    const list = typeInRow(addRow(EMPTY_HEALTH_LIST, 1), 1, 'pen');
    expect(suggestionsForRow([{ kind: 'allergies', list, known: { common: [penicillins], onFile: [] } }], [penicillins, peanuts], null)?.items).toEqual([peanuts]);
  });
});

describe('the none entry on file is replaced by an entry added, and the modal says so first', () => {
  test('found among the entries on file, whatever their case', () => {
    expect(noneOnFile('allergies', ['No Known Drug Allergy'])).toBe(true);
    expect(noneOnFile('allergies', ['PEANUTS'])).toBe(false);
    expect(noneOnFile('conditions', ['NO REPORTED MEDICAL CONDITIONS'])).toBe(true);
    expect(HEALTH_KINDS.allergies.replacesNone).toContain('No Known Drug Allergy');
  });
});

describe("a row's hint", () => {
  const item: HealthItem = { ref: '1', desc: 'PENICILLIN' };
  const row = (text: string, picked: HealthItem | null = null) => ({ id: 7, text, picked });
  const answer = (over: { rowId?: number; items?: HealthItem[]; failure?: string | null } = {}) => ({ kind: 'allergies' as const, rowId: 7, text: 'pen', items: [item], failure: null, ...over });
  test('in order: picked, too short, searching, the failure, no matches, choose', () => {
    expect(healthRowHint(row('PENICILLIN', item), 'allergies', null, false)).toBeUndefined();
    expect(healthRowHint(row('pe'), 'allergies', null, false)).toBe(HEALTH_HINTS.tooShort);
    expect(HEALTH_HINTS.tooShort).toBe('Type 3 or more letters, then choose from the list.');
    expect(healthRowHint(row('pen'), 'allergies', null, true)).toBe(HEALTH_HINTS.searching);
    expect(healthRowHint(row('pen'), 'allergies', answer({ failure: 'Unable to look that up.' }), false)).toBe('Unable to look that up.');
    expect(healthRowHint(row('pen'), 'allergies', answer({ items: [] }), false)).toBe(HEALTH_HINTS.noMatches);
    expect(healthRowHint(row('pen'), 'allergies', answer(), false)).toBe(HEALTH_HINTS.choose);
  });
  test("another row's or list's answer is not this row's: still searching while a lookup runs", () => {
    expect(healthRowHint(row('pen'), 'allergies', answer({ rowId: 8 }), true)).toBe(HEALTH_HINTS.searching);
    expect(healthRowHint(row('pen'), 'conditions', answer(), true)).toBe(HEALTH_HINTS.searching);
  });
});
