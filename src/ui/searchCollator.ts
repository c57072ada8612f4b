/**
 * The comparison react-aria's typeaheads and lists match with, in the browser's build (vite.config.ts,
 * `ariaSearchCollator`, puts it in place of `new Intl.Collator` inside react-aria's `useCollator`).
 *
 * Why: the first Intl.Collator a page creates loads ICU's collation data, 40-70 ms of one task at 4x CPU
 * (Chromium profile of `/memberInfo` and `/EasyFill/{id}`, 2026-12-01), the largest piece of script a flow
 * runs that a public page does not, and only to compare the typeaheads' options with what was typed.
 * Every caller in react-aria asks one question of it: are these two strings equal under the `base`
 * sensitivity (`compare(a, b) === 0`: useFilter's startsWith and contains, the list keyboard delegate's
 * type-to-select). For two strings of printable ASCII (months, days, years, states, the drug catalog's
 * names) that is equality in lower case; anything else, an accented doctor's name or a curly apostrophe
 * (which base sensitivity equates with ' and ø with o), goes to an Intl.Collator made the first time one
 * is needed. Only equality is ICU's exactly (an order between two ASCII strings is code-point order, which
 * no caller reads). test/unit/searchCollator.test.ts checks the answers against Intl.Collator's.
 */
type Compare = Pick<Intl.Collator, 'compare'>;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Base-sensitive comparison, ICU's only for text outside printable ASCII. */
function baseComparison(locale: string, options: Intl.CollatorOptions): Compare {
  let collator: Intl.Collator | undefined;
  return {
    compare(a, b) {
      if (PRINTABLE_ASCII.test(a) && PRINTABLE_ASCII.test(b)) {
        const x = a.toLowerCase();
        const y = b.toLowerCase();
        return x === y ? 0 : x < y ? -1 : 1;
      }
      collator ??= new Intl.Collator(locale, options);
      return collator.compare(a, b);
    },
  };
}

/** What react-aria's `useCollator` creates (it keeps one per locale and options): the comparison above for `sensitivity: 'base'`, Intl.Collator otherwise. */
export function searchCollator(locale: string, options?: Intl.CollatorOptions): Compare {
  if (options?.sensitivity === 'base') return baseComparison(locale, options);
  return new Intl.Collator(locale, options);
}
