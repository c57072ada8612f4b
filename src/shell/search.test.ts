import { describe, expect, test } from 'vitest';
import { searchPages } from './search.ts';

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
