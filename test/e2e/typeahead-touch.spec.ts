/**
 * A date typeahead on a phone's touch screen. A touch that ends on the field's exact middle opens its list:
 * react-aria's test for iOS VoiceOver's double-tap, which lands there (a finger elsewhere only focuses the
 * field). The portal opens that list a frame after the tap, as a transition, so that a slow phone answers
 * the tap first (src/ui/ComboBoxOpening.tsx); these check that it still opens, once, and that the tap's own handling draws no list.
 */
import { expect, test, type Page } from './support/test.ts';

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

const month = (page: Page) => page.getByRole('combobox', { name: 'Month', exact: true });

/** A touch that starts and ends at (x, y), held 40 ms, as a finger's; returns once the browser has it. */
async function touch(page: Page, x: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(40);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The field's middle as react-aria computes it (each coordinate rounded up), in the viewport. */
async function middleOf(page: Page) {
  await month(page).scrollIntoViewIfNeeded();
  return month(page).evaluate((input) => {
    const r = input.getBoundingClientRect();
    return { x: Math.ceil(r.left + r.width / 2), y: Math.ceil(r.top + r.height / 2) };
  });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/memberInfo');
});

test('a touch on the middle of Month focuses it and opens its twelve months; a month is picked by touch', async ({ page }) => {
  const { x, y } = await middleOf(page);
  await touch(page, x, y);
  await expect(month(page)).toBeFocused();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(12);
  await expect(month(page)).toHaveAttribute('aria-expanded', 'true');
  // Tapped once a finger there would touch it: react-aria keeps a new list clipped while a phone's keyboard may
  // still be coming up (up to 600 ms), and a touch then lands on what is under it.
  const april = page.getByRole('option', { name: 'April' });
  await expect.poll(() => april.evaluate((o) => {
    const r = o.getBoundingClientRect();
    return o.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  })).toBe(true);
  const box = (await april.boundingBox())!;
  await touch(page, box.x + box.width / 2, box.y + box.height / 2);
  await expect(month(page)).toHaveValue('April');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test("the touch's own handling focuses Month but draws no list: the list comes after it", async ({ page }) => {
  // The options are built once the field has been focused (src/ui/ComboBox.tsx); then the focus goes elsewhere.
  // A focus has React take the field over a little later (src/ui/HydrateWhenUsed.tsx): react-aria marks it
  // focused once it has it.
  await month(page).focus();
  await expect(month(page)).toHaveAttribute('data-focused', 'true');
  await page.getByRole('textbox', { name: 'Member Number' }).focus();
  await expect(month(page)).not.toHaveAttribute('data-focused');
  const { x, y } = await middleOf(page);
  // One touchend on the middle, dispatched in the page: React renders an update made in an event handler in a
  // microtask once the event is handled, and a transition's in a task of its own. So what the page holds just
  // after this event's microtasks is what the tap's own frame would draw.
  const atEnd = await month(page).evaluate(async (input, at) => {
    const touch = new Touch({ identifier: 1, target: input, clientX: at.x, clientY: at.y });
    input.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true, changedTouches: [touch] }));
    await Promise.resolve();
    return { focused: document.activeElement === input, list: document.querySelector('[role=listbox]') !== null };
  }, { x, y });
  expect(atEnd).toEqual({ focused: true, list: false });
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(12);
  await expect(month(page)).toHaveAttribute('aria-expanded', 'true');
});

test("VoiceOver's second touchend at once does not close the list the first opened", async ({ page }) => {
  const { x, y } = await middleOf(page);
  const cdp = await page.context().newCDPSession(page);
  // Two touches ending within 500 ms, as VoiceOver on iOS sometimes sends: the second only focuses.
  for (let i = 0; i < 2; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(12);
  await expect(month(page)).toBeFocused();
  await expect(month(page)).toHaveAttribute('aria-expanded', 'true');
});

test("a finger's touch off the middle only focuses Month: no list until a key", async ({ page }) => {
  const { x, y } = await middleOf(page);
  await touch(page, x - 60, y);
  await expect(month(page)).toBeFocused();
  await expect(month(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.type('ju');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['June', 'July']);
});
