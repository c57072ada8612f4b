/**
 * A lookup's suggestions open when they arrive for the field that has the focus and holds no pick
 * (`OpenWhenAnswered` in src/ui/ComboBox.tsx): the drug name, the allergy and condition
 * rows. The model drivers see each answer open once, then close it with Escape (the text stays): an
 * open list hides the rest of the page or dialog from the checks that follow.
 */
import { expect, type Locator, type Page } from './test.ts';

/** The answer each field's open list was last seen with, per page (a path is one page). */
const seenAnswers = new WeakMap<Page, Map<string, string>>();

/**
 * `key` names the field (a row), `answer` the ids of the options the lookup gave (none: no answer, or
 * it failed; the next answer is new even when it is the same). Locate `box` by CSS, not by role, when
 * the open list may hide it from the accessibility tree.
 */
export async function suggestionsSeen(page: Page, box: Locator, key: string, answer: readonly string[], picked: boolean): Promise<void> {
  const seen = seenAnswers.get(page) ?? new Map<string, string>();
  seenAnswers.set(page, seen);
  const ids = answer.join(' ');
  if (ids === '') {
    seen.delete(key);
    return;
  }
  if (picked || seen.get(key) === ids) return;
  seen.set(key, ids);
  if (!(await box.evaluate((el) => el === document.activeElement))) return;
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(answer.length);
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}
