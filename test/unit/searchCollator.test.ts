import { describe, expect, it } from 'vitest';
import { searchCollator } from '../../src/ui/searchCollator.ts';
import { MONTHS } from '../../machines/shared/rules/display.ts';
import { US_STATES } from '../../machines/shared/rules/usStates.ts';

const intl = new Intl.Collator('en-US', { sensitivity: 'base' });
const fold = searchCollator('en-US', { sensitivity: 'base' });

/** The pairs react-aria compares: an option's start (useFilter's startsWith) against what was typed, in any case. */
function prefixPairs(options: readonly string[]): [string, string][] {
  const typed = new Set<string>();
  for (const option of options) for (let n = 1; n <= Math.min(option.length, 4); n++) typed.add(option.slice(0, n));
  const pairs: [string, string][] = [];
  for (const option of options) {
    for (const text of typed) {
      const start = option.slice(0, text.length);
      pairs.push([start, text], [start, text.toUpperCase()], [start, text.toLowerCase()]);
    }
  }
  return pairs;
}

describe("the typeaheads' comparison without ICU's collation data", () => {
  it.each([
    ['months', [...MONTHS]],
    ['states', US_STATES.map((s) => s.name)],
  ])('says two strings are equal exactly when Intl.Collator (base) does: %s', (_kind, options) => {
    const pairs = prefixPairs(options);
    expect(pairs.length).toBeGreaterThan(100);
    for (const [a, b] of pairs) expect(fold.compare(a, b) === 0, `${a} / ${b}`).toBe(intl.compare(a, b) === 0);
  });

  it('every pair of printable ASCII characters', () => {
    const chars = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const a of chars) for (const b of chars) expect(fold.compare(a, b) === 0, `${a} / ${b}`).toBe(intl.compare(a, b) === 0);
  });

  it('text outside ASCII as ICU compares it: accents, curly quotes, a no-break space', () => {
    const pairs: [string, string][] = [
      ['José', 'jose'],
      ['Müller', 'MULLER'],
      ['Zoë', 'zoe'],
      ['Ångström', 'angstrom'],
      ['café au lait', 'CAFE AU LAIT'],
      ['O’Brien', "O'Brien"],
      ['Søren', 'soren'],
      ['Mary\u00a0Ann', 'Mary Ann'],
      ['Mary-Ann', 'Mary Ann'],
      ['12', '12'],
      ['12', '13'],
      ['a', 'b'],
      ['', ''],
    ];
    for (const [a, b] of pairs) expect(fold.compare(a, b) === 0, `${a} / ${b}`).toBe(intl.compare(a, b) === 0);
  });

  it('leaves any other sensitivity to Intl.Collator', () => {
    const accent = searchCollator('en-US', { sensitivity: 'accent' });
    expect(accent).toBeInstanceOf(Intl.Collator);
    expect(accent.compare('José', 'jose')).not.toBe(0);
  });
});
