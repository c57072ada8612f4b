import { nextTask } from '../nextTask.ts';
import { PORTAL_LOCALE } from './locale.ts';

let warmed = false;

/**
 * An opened typeahead list tells a screen reader how many options it has ("6 options available"), and
 * react-aria formats that number with an Intl.NumberFormat. A page's first NumberFormat loads ICU's number
 * data: 17-30 ms here, four times that on a mid-range phone, and it came inside the commit that puts the
 * list on screen, the first time a typeahead of the page opened (docs/performance.md, "The list a key
 * opens"). Once one has been made, the next costs 0.1 ms. So the typeahead makes one, in a task of its own,
 * when it is first focused or hovered, once the frame that answers the focus is painted: before the key
 * that opens the list (a phone's keyboard takes longer to come up than this). Only pages with a typeahead
 * pay for it, and only once touched.
 */
export function warmNumberFormat(): void {
  if (warmed) return;
  warmed = true;
  // After the frame that answers the focus or hover is painted: a task queued now would run before it.
  requestAnimationFrame(() => void nextTask().then(() => new Intl.NumberFormat(PORTAL_LOCALE).format(0)));
}
