import { describe, expect, test } from 'vitest';
import { searchPages, searchSummary } from './search.ts';

describe('header search', () => {
  test('matches titles and keywords, every word, any case', () => {
    expect(searchPages('FAX referral').map((p) => p.path)).toEqual(['/providers']);
    expect(searchPages('privacy').map((p) => p.path)).toEqual(['/PrivacyPolicy']);
  });
  test('nothing typed, nothing found', () => {
    expect(searchPages('   ')).toEqual([]);
    expect(searchPages('zzz')).toEqual([]);
  });
});

test('the search says how many pages match, or where a prescription goes when none does', () => {
  expect(searchSummary('fax', 1)).toBe('1 page matches.');
  expect(searchSummary('help', 3)).toBe('3 pages match.');
  expect(searchSummary(' metformin ', 0)).toBe('No pages match “metformin”. Looking for a prescription? Transfer or request it from your member information.');
});
