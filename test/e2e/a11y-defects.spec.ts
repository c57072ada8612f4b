/**
 * The keyboard and screen-reader checks of the link flows and the shell,
 * one test each, on copies of the Easy Fill demo link: what axe cannot see.
 * (The highlighted typeahead option's contrast is checked in typeahead.spec.ts.)
 */
import { expect, holdAnswers, test, type Locator, type Page } from './support/test.ts';
import { copyOf, dialog, LINDA, MARIA, pick, verify } from './support/drivers.ts';
import { CARD_MESSAGES } from '../../machines/shared/rules/cardForm.ts';

// A hang catcher sized for a busy 2-core machine (the suite's default is 120 s).
test.describe.configure({ timeout: 120_000 });

/** Presses Tab until `target` has the focus (at most `max` times): the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement).catch(() => false)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('no example value in the zip fields; the city and state a zip gives are text, not read-only inputs with a Tab stop', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  const verifyZip = page.getByRole('textbox', { name: 'Zip code' });
  await expect(verifyZip).toBeVisible();
  await expect(verifyZip).not.toHaveAttribute('placeholder', /\d/);
  await verify(page, MARIA, '85281');
  await page.getByRole('button', { name: 'Change shipping address' }).click();
  const addresses = dialog(page, 'Shipping address');
  await addresses.getByRole('button', { name: 'Add a new address' }).click();
  const zip = addresses.getByRole('textbox', { name: /Zip code/ });
  await expect(zip).not.toHaveAttribute('placeholder', /\d/);
  await zip.fill('85004');
  await expect(addresses.getByText('Phoenix', { exact: true })).toBeVisible();
  await expect(addresses.getByRole('textbox', { name: 'City' })).toHaveCount(0);
  await expect(addresses.getByRole('textbox', { name: 'State' })).toHaveCount(0);
  // From the zip, Tab goes on to the next thing to fill in: the address type.
  await zip.focus();
  await page.keyboard.press('Tab');
  await expect(addresses.getByRole('radio', { name: 'Home' })).toBeFocused();
});

test('after a new address is saved, the focus is back on the panel\'s button and the outcome is said once', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill', { ownPatient: true })}`);
  await verify(page, MARIA, '85281');
  const change = page.getByRole('button', { name: 'Change shipping address' });
  await change.focus();
  await page.keyboard.press('Enter');
  const addresses = dialog(page, 'Shipping address');
  await addresses.getByRole('button', { name: 'Add a new address' }).press('Enter');
  await addresses.getByRole('textbox', { name: /Address line 1/ }).fill('2 N Central Ave');
  await addresses.getByRole('textbox', { name: /Zip code/ }).fill('85004');
  await expect(addresses.getByText('Phoenix', { exact: true })).toBeVisible();
  await addresses.getByRole('radio', { name: 'Home' }).press('Space');
  await addresses.getByRole('button', { name: 'Save' }).press('Enter');
  await expect(addresses).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your new shipping address is saved and chosen.' })).toBeVisible();
  await expect(page.getByText('2 N Central Ave', { exact: false })).toBeVisible();
  await expect(change).toBeFocused();
  // The next Tab goes on from there, not back to the skip link at the top.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).not.toMatch(/skip to/i);
  // Opening the modal again clears the line, so it is not said twice.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog(page, 'Shipping address')).toBeVisible();
  // (By CSS: the modal hides the page from the accessibility tree.)
  await expect(page.locator('[role="status"]').filter({ hasText: 'Your new shipping address is saved' })).toHaveCount(0);
});

test('with no card on file, adding one keeps the focus on the panel\'s button (now Change) and says so once', async ({ page }) => {
  // Its own copy of the patient: the card saved here stays off the persona the other tests read.
  await page.goto(`/EasyFill/${await copyOf(page.request, 'demo-billmelater', 'easyfill', { ownPatient: true })}`);
  await verify(page, LINDA, '85004');
  const add = page.getByRole('button', { name: 'Add Payment' });
  await add.focus();
  await page.keyboard.press('Enter');
  const modal = dialog(page, 'Payment method');
  await modal.getByRole('textbox', { name: /First name/ }).fill('Linda');
  await modal.getByRole('textbox', { name: /Last name/ }).fill('Nguyen');
  await page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' }).fill('5555555555554444');
  await pick(page, 'Expiration month', 'December');
  await pick(page, 'Expiration year', '2030');
  await modal.getByRole('button', { name: 'Save' }).press('Enter');
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your new card is saved.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change payment method' })).toBeFocused();
});

test('the date of birth group holds the date only; each drug box is described by its supply and copay', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  const birth = page.getByRole('group', { name: /Date of birth/ });
  await expect(birth.getByRole('combobox')).toHaveCount(3);
  await expect(birth.getByRole('textbox', { name: 'Zip code' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toBeVisible();
  await verify(page, MARIA, '85281');
  const drugs = page.getByRole('list', { name: 'Prescriptions' }).getByRole('checkbox');
  await expect(drugs.first()).toBeVisible();
  for (const box of await drugs.all()) await expect(box).toHaveAccessibleDescription(/Copay: (\$[\d,.]+|Not Available)/);
  await expect(page.getByRole('checkbox', { name: /ATORVASTATIN/ })).toHaveAccessibleDescription(/90-day supply/);
});

test('Add a new address and Add a new card turn the list into a form: its title says so and the focus is on its first field', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  for (const [button, title, first] of [
    ['Change shipping address', 'New shipping address', /Address line 1/],
    ['Change payment method', 'New payment method', /First name on card/],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^Add a new/ }).click();
    await expect(modal.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(modal.getByRole('textbox', { name: first })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
  }
});

test('tabbing through the empty address and card forms shows no error; a field changed and left shows its own (a typeahead whose text names nothing too); Save shows them all', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  const invalid = (modal: ReturnType<typeof dialog>) => modal.locator('[aria-invalid="true"]');
  for (const [button, name, first] of [
    ['Change shipping address', 'Shipping address', /Address line 1/],
    ['Change payment method', 'Payment method', /First name on card/],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const modal = dialog(page, name);
    await modal.getByRole('button', { name: /^Add a new/ }).press('Enter');
    const firstField = modal.getByRole('textbox', { name: first });
    await expect(firstField).toBeFocused();
    if (name === 'Payment method') await expect(page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' })).toBeVisible();
    // Tab through every field to Save: nothing is marked invalid, no error is written.
    const save = modal.getByRole('button', { name: 'Save' });
    for (let i = 0; i < 15 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await expect(invalid(modal)).toHaveCount(0);
    await expect(modal.getByText(/^(Enter|Select|Please)/)).toHaveCount(0);
    // Typed in, cleared and left: that field's error, and only that one.
    await firstField.focus();
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await expect(firstField).toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(modal)).toHaveCount(1);
    if (name === 'Payment method') {
      // A typeahead whose text names no month, left: its own error too (the text stays).
      const month = modal.getByRole('combobox', { name: 'Expiration month' });
      await month.fill('Foo');
      await month.press('Tab');
      await expect(month).toHaveAttribute('aria-invalid', 'true');
      await expect(month).toHaveValue('Foo');
      await expect(invalid(modal)).toHaveCount(2);
    }
    // Save: every error, and the focus on the first invalid field.
    await save.press('Enter');
    await expect(firstField).toBeFocused();
    expect(await invalid(modal).count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
  }
});

/** The live regions (status, alert, aria-live) whose text contains `text`. */
const liveWith = (page: Page, text: string) =>
  page.evaluate(
    (t) => [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])')].filter((el) => el.textContent?.includes(t)).length,
    text,
  );

test('on Easy Fill step 3 the focus stays on the auto-refill switch through the terms dialog and every toggle, and "Saved" is said once', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: /^ATORVASTATIN/ }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Order confirmation' })).toBeFocused();
  const toggle = page.getByRole('switch', { name: /ATORVASTATIN/ });
  await toggle.focus();
  await page.keyboard.press('Space');
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  await terms.getByRole('checkbox', { name: 'Select to agree to the Auto Refill Program Terms of Service' }).press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).press('Enter');
  await expect(terms).toHaveCount(0);
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(1);
  await expect(toggle).toBeFocused();
  expect(await liveWith(page, 'Saved')).toBe(1);
  // Turning it off (agreed already) saves at once: the focus stays, 'Saved' is said once more.
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(1);
  await expect(toggle).toBeFocused();
  expect(await liveWith(page, 'Saved')).toBe(1);
  // The Tab order goes on from the switch: back one stop and forward one returns to it (from the body, Tab would go to the skip link).
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
});

test('Auto Refill: Cancel in the terms dialog gives the focus back to Confirm Auto Refill on the first opening', async ({ page, request }) => {
  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  const confirm = page.getByRole('button', { name: 'Confirm Auto Refill' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(terms).toHaveCount(0);
  await expect(confirm).toBeFocused();
});

test('Fill Now and Confirm Auto Refill stay in the Tab order with nothing selected, say why, and say it again on every press', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
  const fillNow = page.getByRole('button', { name: 'Fill Now' });
  await expect(fillNow).toHaveAttribute('aria-disabled', 'true');
  await expect(fillNow).toHaveAccessibleDescription('Select at least one prescription.');
  // Reached by Tab from the last control before it.
  await page.getByRole('button', { name: 'Change payment method' }).focus();
  await page.keyboard.press('Tab');
  await expect(fillNow).toBeFocused();
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Select at least one prescription.' });
  await expect(alert).toHaveCount(1);
  await alert.evaluate((el) => el.setAttribute('data-seen', ''));
  await page.keyboard.press('Enter');
  // A new alert element: announced again.
  await expect(page.locator('[role="alert"][data-seen]')).toHaveCount(0);
  await expect(alert).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeVisible();
  await expect(fillNow).toBeFocused();
  // Selected: it works, and says nothing more.
  await page.getByRole('checkbox', { name: /^ATORVASTATIN/ }).press('Space');
  await expect(fillNow).not.toHaveAttribute('aria-disabled', 'true');
  await expect(alert).toHaveCount(0);

  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  // The requested drug and the consent about to expire come ticked.
  for (const name of [/^ROSUVASTATIN/, /^METOPROLOL/]) {
    const box = page.getByRole('checkbox', { name });
    await expect(box).toBeChecked();
    await box.press('Space');
  }
  const confirm = page.getByRole('button', { name: 'Confirm Auto Refill' });
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  await expect(confirm).toHaveAccessibleDescription('Select at least one prescription.');
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Select at least one prescription.' })).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('while the secure card number field loads, the card form\'s Save is in the Tab order, says why it waits, and keeps the focus when the field arrives', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
  const held = await holdAnswers(page, '**/gwapi/Payment/PaymetricCredentials');
  await tabTo(page, page.getByRole('button', { name: 'Change payment method' }));
  await page.keyboard.press('Enter');
  const modal = dialog(page, 'Payment method');
  await tabTo(page, modal.getByRole('button', { name: 'Add a new card' }));
  await page.keyboard.press('Enter');
  // The form's own focus move (its first field) first, then the keys.
  await expect(modal.getByRole('textbox', { name: /First name on card/ })).toBeFocused();
  await held.asked;
  const save = modal.getByRole('button', { name: 'Save' });
  await tabTo(page, save);
  const why = CARD_MESSAGES.fieldLoading;
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toHaveAccessibleDescription(why);
  for (let press = 0; press < 2; press++) {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: why })).toHaveCount(1);
    await expect(save).toBeFocused();
  }
  // The field arrives: Save can be pressed, and it still has the focus.
  held.release();
  await expect(page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await expect(save).not.toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: why })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
});

// A 1280x900 window at 200% zoom lays out as a 640x450 CSS-pixel viewport at 2 device pixels per CSS pixel.
for (const [width, height, deviceScaleFactor, what] of [
  [375, 800, 1, '375x800'],
  [375, 667, 1, '375x667'],
  [640, 450, 2, 'a 1280x900 window at 200% zoom'],
] as const) {
  test.describe(`the address and card modals at ${what}`, () => {
    test.use({ viewport: { width, height }, deviceScaleFactor });
    test(`at ${what}, a radio or checkbox of the address and card modals that takes the focus is scrolled into the modal's view`, async ({ page, request }) => {
      await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
      await verify(page, MARIA, '85281');
      /** The focused control's visible box (its label) against the modal's scrolled area, less its sticky buttons. */
      const inView = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const shown = (el.closest('label') ?? el).getBoundingClientRect();
          const dialog = el.closest('[role="dialog"]')!;
          let scroller: HTMLElement | null = dialog as HTMLElement;
          while (scroller && getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement;
          const view = scroller!.getBoundingClientRect();
          const buttons = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.parentElement!.getBoundingClientRect();
          return { name: el.closest('label')?.textContent ?? el.tagName, ok: shown.top >= view.top - 1 && shown.bottom <= Math.min(view.bottom, buttons.top) + 1 };
        });
      for (const [button, name, controls] of [
        ['Change shipping address', 'Shipping address', ['radio', 'checkbox']],
        ['Change payment method', 'Payment method', ['checkbox', 'checkbox']],
      ] as const) {
        await page.getByRole('button', { name: button }).click();
        const modal = dialog(page, name);
        await modal.getByRole('button', { name: /^Add a new/ }).press('Enter');
        await expect(modal.getByRole('textbox').first()).toBeFocused();
        if (name === 'Payment method') await expect(page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' })).toBeVisible();
        // Tab through the form; every radio and checkbox reached is in view when it has the focus.
        let reached = 0;
        for (let i = 0; i < 15; i++) {
          await page.keyboard.press('Tab');
          const type = await page.evaluate(() => (document.activeElement as HTMLInputElement).type);
          if (type === 'radio' || type === 'checkbox') {
            reached++;
            const seen = await inView();
            expect(seen.ok, `${seen.name} in view`).toBe(true);
          }
          if (await modal.getByRole('button', { name: 'Save' }).evaluate((b) => b === document.activeElement)) break;
        }
        expect(reached).toBeGreaterThanOrEqual(controls.length);
        await page.keyboard.press('Escape');
        await expect(modal).toHaveCount(0);
      }
    });
  });
}

test('Verify with an incomplete or unrecognised date marks each such field invalid and says what it needs; every press announces again', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  const day = page.getByRole('combobox', { name: 'Day', exact: true });
  const year = page.getByRole('combobox', { name: 'Year', exact: true });
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  /** Types into a typeahead and closes its list (an open list hides the rest of the page from the accessibility tree). */
  const typeIn = async (box: typeof month, text: string) => {
    await box.fill(text);
    await box.press('Escape');
  };
  await typeIn(month, 'xyz');
  await typeIn(day, '12');
  await typeIn(year, '195');
  await zip.fill('85281');
  const verifyButton = page.getByRole('button', { name: 'Verify', exact: true });
  await verifyButton.focus();
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Please check your information and try again' });
  await expect(alert).toHaveCount(1);
  await expect(month).toHaveAttribute('aria-invalid', 'true');
  await expect(month).toHaveAccessibleDescription(/Enter a month, for example April\./);
  await expect(year).toHaveAttribute('aria-invalid', 'true');
  await expect(year).toHaveAccessibleDescription(/Enter the year with 4 digits/);
  await expect(day).not.toHaveAttribute('aria-invalid', 'true');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  // Pressed again: a new alert element, so it is announced again.
  await alert.evaluate((el) => el.setAttribute('data-seen', ''));
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(1);
  await expect(page.locator('[role="alert"][data-seen]')).toHaveCount(0);
  // A day the month does not have is not understood either.
  await typeIn(month, 'feb');
  await typeIn(day, '30');
  await typeIn(year, '1958');
  await verifyButton.press('Enter');
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(day).toHaveAccessibleDescription(/This month has no such day\./);
  await expect(month).not.toHaveAttribute('aria-invalid', 'true');
  await expect(year).not.toHaveAttribute('aria-invalid', 'true');
  // Put right, the errors go.
  await typeIn(day, '12');
  await expect(day).not.toHaveAttribute('aria-invalid', 'true');
});

test('after the third wrong verification the focus is on the \'Page blocked\' heading, clear of the sticky bar at 375, and one alert is announced', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt === 3) {
      // Count the alerts that appear from the third press on.
      await page.evaluate(() => {
        const w = window as unknown as { alerts: string[] };
        w.alerts = [];
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes) {
              if (!(n instanceof HTMLElement)) continue;
              for (const a of [n, ...n.querySelectorAll('*')]) if (a.getAttribute('role') === 'alert' || a.getAttribute('aria-live') === 'assertive') w.alerts.push(a.textContent ?? '');
            }
          for (const r of records) if (r.type === 'attributes' && (r.target as HTMLElement).getAttribute('role') === 'alert') w.alerts.push((r.target as HTMLElement).textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
      });
    }
    await verify(page, { ...MARIA, year: '1959' }, '85281');
    if (attempt < 3) await expect(page.getByText(`Attempts Remaining: ${3 - attempt}`)).toBeVisible();
  }
  const heading = page.getByRole('heading', { name: 'Page blocked' });
  await expect(heading).toBeFocused();
  const box = await heading.evaluate((el) => ({ top: el.getBoundingClientRect().top, bar: document.querySelector('header')!.getBoundingClientRect().bottom }));
  expect(box.top).toBeGreaterThanOrEqual(box.bar);
  await expect(page.getByRole('alert')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { alerts: string[] }).alerts.length)).toBe(1);
});

test('at 320 px with the WCAG text-spacing styles (1.4.12) the home hero does not overflow or clip', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Into the page's own style sheet (the CSP refuses an added <style>), as a text-spacing bookmarklet does.
  await page.evaluate(() => {
    const sheet = [...document.styleSheets].find((s) => s.href !== null)!;
    sheet.insertRule('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }', sheet.cssRules.length);
    sheet.insertRule('p { margin-bottom: 2em !important; }', sheet.cssRules.length);
  });
  const overflow = await page.evaluate(() => {
    const hero = document.querySelector('main h1')!.closest('main > div, main > section') as HTMLElement;
    const edge = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > edge) out.push(`page ${document.documentElement.scrollWidth} > ${edge}`);
    for (const el of [hero, ...hero.querySelectorAll<HTMLElement>('*')]) {
      const box = el.getBoundingClientRect();
      // (Visually hidden text, such as '(opens in a new tab)', is 1 px wide on purpose.)
      if (box.width <= 1) continue;
      const name = `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 25)}`;
      if (box.right > edge + 0.5 || box.left < -0.5) out.push(`${name}: ${Math.round(box.left)}-${Math.round(box.right)}`);
      const style = getComputedStyle(el);
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') out.push(`${name}: clipped ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });
  expect(overflow).toEqual([]);
});

test('Enter in the last field sends the form and that field keeps the focus while the answer is on its way (member Year, link Zip)', async ({ page, request }) => {
  const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.tagName ?? '');
  // Member Information: Enter in Year.
  const held = await holdAnswers(page, '**/gwapi/mmar/verify', 'POST');
  await page.goto('/memberInfo');
  await page.getByRole('textbox', { name: 'Member Number' }).fill('MMA100001');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Maria');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Lopez');
  await pick(page, 'Month', 'April');
  await pick(page, 'Day', '12');
  await pick(page, 'Year', '1958');
  const year = page.getByRole('combobox', { name: 'Year' });
  await year.press('Enter');
  await held.asked;
  await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();
  await expect(year).toBeFocused();
  await expect(year).toHaveValue('1958');
  held.release();
  await expect(page.getByRole('heading', { name: 'Select Your Prescriptions' })).toBeFocused();

  // A link's Verify your identity: Enter in Zip code.
  const linkId = await copyOf(request, 'demo-refill', 'easyfill');
  const linkHeld = await holdAnswers(page, '**/gwapi/easyfill/verify', 'POST');
  await page.goto(`/EasyFill/${linkId}`);
  await pick(page, 'Month', MARIA.month);
  await pick(page, 'Day', MARIA.day);
  await pick(page, 'Year', MARIA.year);
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await zip.fill('85281');
  await zip.press('Enter');
  await linkHeld.asked;
  await expect(zip).toBeFocused();
  expect(await focusedLabel()).toContain('Zip code');
  linkHeld.release();
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
});
