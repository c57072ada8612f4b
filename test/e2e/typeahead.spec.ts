/**
 * The date-of-birth typeaheads of the link flows, by keyboard only, on a copy
 * of the Easy Fill demo link: typing narrows each list by the rule of
 * machines/shared/rules/verification.ts (the month by any part of its name, day and
 * year by their start); a text that matches one option shows it in full once
 * the field is left; a picked option shows in full at once; what matches
 * several options (or none) stays as typed.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { afterTwoFrames, copyOf, dialog, MARIA, pick, verify } from './support/drivers.ts';

const field = (page: Page, label: 'Month' | 'Day' | 'Year') => page.getByRole('combobox', { name: label, exact: true });
/** The options the open list offers, in order. */
const offered = (page: Page) => page.getByRole('listbox').getByRole('option');

test.beforeEach(async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await field(page, 'Month').focus();
});

test('Month: typing "mar" lists only March, and leaving the field shows March', async ({ page }) => {
  await page.keyboard.type('ma');
  await expect(offered(page)).toHaveText(['March', 'May']);
  await page.keyboard.type('r');
  await expect(offered(page)).toHaveText(['March']);
  await expect(field(page, 'Month')).toHaveValue('mar');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Day')).toBeFocused();
  await expect(field(page, 'Month')).toHaveValue('March');
  // (Not while the list is open: react-aria then hides the rest of the page, focusable parts included.)
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Month: a part of a name matches anywhere in it, whatever its case', async ({ page }) => {
  await page.keyboard.type('BER');
  await expect(offered(page)).toHaveText(['September', 'October', 'November', 'December']);
  await page.keyboard.press('Tab');
  // Several months match: what was typed stays.
  await expect(field(page, 'Month')).toHaveValue('BER');
});

test('Year: typing "1960" lists only 1960', async ({ page }) => {
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Year')).toBeFocused();
  await page.keyboard.type('196');
  await expect(offered(page)).toHaveCount(10);
  await page.keyboard.type('0');
  await expect(offered(page)).toHaveText(['1960']);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Year')).toHaveValue('1960');
});

test('Day: "1" lists 1 and 10 to 19, "12" only 12, and 12 stays 12', async ({ page }) => {
  await page.keyboard.press('Tab');
  await expect(field(page, 'Day')).toBeFocused();
  await page.keyboard.type('1');
  await expect(offered(page)).toHaveText(['1', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
  await page.keyboard.type('2');
  await expect(offered(page)).toHaveText(['12']);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Day')).toHaveValue('12');
  // The day takes two characters at most.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.type('3');
  await expect(field(page, 'Day')).toHaveValue('12');
});

test('ArrowDown and Enter pick an option, which shows in full at once', async ({ page }) => {
  await page.keyboard.type('ju');
  await expect(offered(page)).toHaveText(['June', 'July']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Month')).toHaveValue('July');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // From an empty field the arrow opens the whole list.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(offered(page)).toHaveCount(31);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Day')).toHaveValue('2');

  // A picked option, cleared and typed over at once (autofill's pace): every key stays (react-aria
  // used to clear its selection a render after the clear and then reset the text, wiping the keys between).
  await field(page, 'Month').fill('');
  await page.keyboard.type('sep');
  await expect(field(page, 'Month')).toHaveValue('sep');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Month')).toHaveValue('September');
});

test('with the list closed, ArrowDown and Enter pick the day and year typed (not 1 and the first year)', async ({ page }) => {
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await expect(offered(page)).toHaveText(['12']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Day')).toHaveValue('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1958');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Year')).toHaveValue('1958');
});

test('Escape pressed before the page has answered a scroll still closes the list for good', async ({ page }) => {
  await page.keyboard.type('apr');
  await expect(offered(page)).toHaveText(['April']);
  // On a busy phone a scroll and the next key can reach the page before it renders again. A scroll that
  // leaves the field in place (the browser's own, to keep it on screen) closes the list and has it
  // reopened; here Escape comes in the same task, and Escape is the person's: the list stays closed.
  await field(page, 'Month').evaluate((input) => {
    document.dispatchEvent(new Event('scroll'));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });
  await afterTwoFrames(page);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(field(page, 'Month')).toHaveAttribute('aria-expanded', 'false');
  await expect(field(page, 'Month')).toHaveValue('apr');
  // ArrowDown opens it again on the text's options.
  await page.keyboard.press('ArrowDown');
  await expect(offered(page)).toHaveText(['April']);
});

test('the toggle pressed before the options are built opens the whole list, and pressed again closes it', async ({ page }) => {
  // Year has been neither focused nor hovered: its options are not built (deferOptions). A click with no pointer
  // before it, as voice control or switch access send, reached react-aria while the list was still empty, so it
  // opened nothing (and the next press opened it, the press after that closed it: every press one behind).
  const toggle = page.getByRole('button', { name: 'Show Year options' });
  await toggle.evaluate((button) => (button as HTMLButtonElement).click());
  await expect(field(page, 'Year')).toHaveAttribute('aria-expanded', 'true');
  // Every year, this one back 120 (machines/shared/rules/birthDate.ts).
  await expect(offered(page)).toHaveCount(121);
  // Open, react-aria hides everything outside the field and its list from assistive technology, the toggle too.
  await page.locator('[aria-label="Show Year options"]').evaluate((button) => (button as HTMLButtonElement).click());
  await expect(field(page, 'Year')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('the toggle pressed before the options are built, then the field left at once: the list does not open elsewhere', async ({ page }) => {
  // The press asks for the whole list once the options are there; a Tab in the moment before they come takes
  // the person elsewhere, and the list must not open over the field they moved to.
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  const zipInput = await zip.elementHandle();
  await page.getByRole('button', { name: 'Show Year options' }).evaluate((button, next) => {
    (button as HTMLButtonElement).click();
    (next as HTMLInputElement).focus();
  }, zipInput);
  await afterTwoFrames(page);
  await page.keyboard.type('85281');
  await afterTwoFrames(page);
  await expect(zip).toBeFocused();
  await expect(field(page, 'Year')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  // Back in Year, focus alone opens nothing either; typing narrows as ever.
  await page.keyboard.press('Shift+Tab');
  await expect(field(page, 'Year')).toBeFocused();
  await afterTwoFrames(page);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.type('195');
  await expect(offered(page)).toHaveCount(10);
});

test('the toggle pressed before the options are built, then the field left just as they come: the list does not open elsewhere', async ({ page }) => {
  // React's devtools hook tells the test each commit. The field asks for its list in a task after the press; the
  // commit that follows is that request's render, and the focus leaves right after it, before its effects run (a
  // key landing there, as a Tab can on a busy phone). Those effects then run with the field still focused as they
  // last saw it: the list opened over the next field and hid it from assistive technology.
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object; __atNextCommit?: () => void };
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: () => {
        const then = w.__atNextCommit;
        w.__atNextCommit = undefined;
        if (then) queueMicrotask(then);
      },
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    };
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(page.locator('#root[data-live]')).toBeAttached();
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  const zipInput = await zip.elementHandle();
  await page.getByRole('button', { name: 'Show Year options' }).evaluate((button, next) => {
    const w = window as unknown as { __atNextCommit?: () => void };
    (button as HTMLButtonElement).click();
    // Queued after the field's own timer, which asks for the list.
    setTimeout(() => {
      w.__atNextCommit = () => (next as HTMLInputElement).focus();
    }, 0);
  }, zipInput);
  await expect(zip).toBeFocused();
  await afterTwoFrames(page);
  await expect(field(page, 'Year')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.type('85281');
  await expect(zip).toHaveValue('85281');
});

test('pasted text narrows and completes as typed text does', async ({ page }) => {
  await page.keyboard.insertText('sept');
  await expect(offered(page)).toHaveText(['September']);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Month')).toHaveValue('September');
});

test('a text that matches nothing stays as typed and offers no list', async ({ page }) => {
  await page.keyboard.type('xyz');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(field(page, 'Month')).toHaveValue('xyz');
});

test('filled by keyboard, the form verifies: the machine still reads the typed text', async ({ page }) => {
  await page.keyboard.type('apr');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1958');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toBeFocused();
  await page.keyboard.type('85281');
  await expect(field(page, 'Month')).toHaveValue('April');
  await expect(field(page, 'Month')).toHaveAttribute('autocomplete', 'bday-month');
  await expect(field(page, 'Day')).toHaveAttribute('autocomplete', 'bday-day');
  await expect(field(page, 'Year')).toHaveAttribute('autocomplete', 'bday-year');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
});

/** WCAG relative luminance of a CSS rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

test('the option the arrow keys are on stands out: 3:1 against the list, its text 4.5:1 (1.4.11, 1.4.3)', async ({ page }) => {
  await page.keyboard.press('ArrowDown');
  const focused = page.getByRole('listbox').locator('[role="option"][data-focused]');
  await expect(focused).toHaveCount(1);
  const colours = await focused.evaluate((el) => {
    const list = el.closest('[role="listbox"]')!.parentElement!;
    return { option: getComputedStyle(el).backgroundColor, text: getComputedStyle(el).color, list: getComputedStyle(list).backgroundColor };
  });
  expect(contrast(colours.option, colours.list)).toBeGreaterThanOrEqual(3);
  expect(contrast(colours.text, colours.option)).toBeGreaterThanOrEqual(4.5);
});

test.describe('the card expiry typeaheads (Easy Fill, Add a new card)', () => {
  test.beforeEach(async ({ page }) => {
    await verify(page, MARIA, '85281');
    await page.getByRole('button', { name: 'Change payment method' }).click();
    await dialog(page, 'Payment method').getByRole('button', { name: 'Add a new card' }).press('Enter');
    await expect(page.getByRole('combobox', { name: 'Expiration month' })).toBeVisible();
  });

  test('type, ArrowDown, Enter picks the option typed; type and Tab completes it', async ({ page }) => {
    const month = page.getByRole('combobox', { name: 'Expiration month' });
    const year = page.getByRole('combobox', { name: 'Expiration year' });
    await month.focus();
    await page.keyboard.type('apr');
    await expect(offered(page)).toHaveText(['04 - April']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(month).toHaveValue('04 - April');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    // A numeric month, as autofill gives it, typed the instant the field is cleared (react-aria once reset
    // the text a render after a clear, wiping such a key: the selection is now the form's, not react-aria's).
    await month.fill('');
    await page.keyboard.type('9');
    await expect(offered(page)).toHaveText(['09 - September']);
    await page.keyboard.press('Tab');
    await expect(month).toHaveValue('09 - September');
    await expect(year).toBeFocused();
    await page.keyboard.type('2031');
    await expect(offered(page)).toHaveText(['2031']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(year).toHaveValue('2031');
    await year.fill('');
    await page.keyboard.type('2033');
    await page.keyboard.press('Tab');
    await expect(year).toHaveValue('2033');
    // The machine has them: Save shows no month or year error.
    await dialog(page, 'Payment method').getByRole('button', { name: 'Save' }).press('Enter');
    await expect(month).not.toHaveAttribute('aria-invalid', 'true');
    await expect(year).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('once the list has closed (Escape, or the page scrolled), ArrowDown and Enter still pick the option typed, not the first of all', async ({ page }) => {
    // Small enough that the dialog scrolls.
    await page.setViewportSize({ width: 375, height: 600 });
    const month = page.getByRole('combobox', { name: 'Expiration month' });
    const year = page.getByRole('combobox', { name: 'Expiration year' });
    await month.focus();
    await page.keyboard.type('apr');
    await expect(offered(page)).toHaveText(['04 - April']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(offered(page)).toHaveText(['04 - April']);
    await page.keyboard.press('Enter');
    await expect(month).toHaveValue('04 - April');
    await year.focus();
    await page.keyboard.type('2032');
    await expect(offered(page)).toHaveText(['2032']);
    // The person scrolls the dialog under the open list: the field moves, and react-aria closes the list.
    await year.evaluate((el) => {
      let box = el.parentElement;
      while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY === 'auto')) box = box.parentElement;
      if (!box) throw new Error('the dialog does not scroll at this size');
      box.scrollTop += box.scrollTop > 40 ? -40 : 40;
    });
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(year).toHaveValue('2032');
  });

  test('pick() (the test drivers\' helper) picks what it names', async ({ page }) => {
    await pick(page, 'Expiration month', 'December');
    await expect(page.getByRole('combobox', { name: 'Expiration month' })).toHaveValue('12 - December');
    await pick(page, 'Expiration year', '2030');
    await expect(page.getByRole('combobox', { name: 'Expiration year' })).toHaveValue('2030');
    await pick(page, 'Expiration month', '3');
    await expect(page.getByRole('combobox', { name: 'Expiration month' })).toHaveValue('03 - March');
  });
});
