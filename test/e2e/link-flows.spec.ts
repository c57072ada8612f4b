/**
 * The link personas of the README through the real app and the real gateway
 * (no canned answers): each test opens its own copy of a seeded link
 * (POST /__test/links), so orders, lockouts and auto-refill changes stay
 * its own. Checks what the model paths cannot: that orders and auto-refill
 * changes persist, the lockout survives a reload, the real data's display
 * rules, focus, and axe on every step and modal.
 */
import { watchPatientToken } from './support/sessionProbe.ts';
import { expect, test, type Page } from './support/test.ts';
import { expectHeadingOutline, expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, LINDA, MARIA, verify } from './support/drivers.ts';



// Whole journeys with axe at every step: a hang catcher, not a wait. One journey took 90 s on a 2-core machine
// busy with a load test beside the suite (2026-11-25); alone it takes about 25 s.
test.describe.configure({ timeout: 240_000 });

const focused = (page: Page, name: string) => expect(page.getByRole('heading', { name, exact: true })).toBeFocused();

test('Easy Fill: order a prescription, turn its auto refill on, and the order is kept', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-refill', 'easyfill');
  await page.goto(`/EasyFill/${linkId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Easy refill' })).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /go back/i })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  const verified = page.waitForResponse((r) => r.url().endsWith('/gwapi/easyfill/verify'));
  await verify(page, MARIA, '85281');
  const { accessToken } = (await (await verified).json()) as { accessToken: string };

  // Step 2: the drugs by name with their copays, the shipping and payment panel.
  await focused(page, 'Choose your prescriptions');
  const drugs = page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem');
  await expect(drugs).toHaveCount(4);
  await expect(drugs.nth(0)).toContainText('APIXABAN');
  await expect(drugs.nth(0)).toContainText('$1,250.00');
  await expect(drugs.filter({ hasText: 'METFORMIN' })).toContainText('Copay: Not Available');
  await expect(drugs.filter({ hasText: 'TRAMADOL' })).toContainText('$12.50');
  await expect(page.getByText('Visa ending 1111')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fill Now' })).toBeDisabled();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await expectHeadingOutline(page);

  // The address and payment modals: focus inside, axe, Escape or Cancel closes.
  await page.getByRole('button', { name: 'Change shipping address' }).click();
  const addresses = dialog(page, 'Shipping address');
  await expect(addresses).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')))).toBe(true);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await addresses.getByRole('button', { name: 'Add a new address' }).click();
  await expect(addresses.getByRole('textbox', { name: /Address line 1/ })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(addresses).toHaveCount(0);
  await page.getByRole('button', { name: 'Change payment method' }).click();
  const cards = dialog(page, 'Payment method');
  await expect(cards.getByRole('radio')).toHaveCount(2);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await cards.getByRole('button', { name: 'Add a new card' }).click();
  // The number's field is the tokenizer's own page in a frame, labelled inside.
  await expect(page.frameLocator('iframe[title="Card number"]').getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  // Cancel in the form goes back to the cards on file; Cancel there closes the modal.
  await cards.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards.getByRole('radio')).toHaveCount(2);
  await cards.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(0);
  // The page behind is usable again once the modal with a form has closed.
  await expect(page.getByRole('button', { name: 'Change shipping address' })).toBeVisible();

  await page.getByRole('checkbox', { name: /ATORVASTATIN/ }).press('Space');
  await page.getByRole('button', { name: 'Fill Now' }).click();

  // Step 3: the order, the auto-refill switch behind the terms.
  await focused(page, 'Order confirmation');
  await expect(page.getByText('Success! We have received your order.')).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.getByRole('switch', { name: /ATORVASTATIN/ }).press('Space');
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await terms.getByRole('checkbox', { name: 'Select to agree to the Auto Refill Program Terms of Service' }).press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /ATORVASTATIN/ })).toBeChecked();

  // Leaving the page ends the link's session at the gateway: its token is refused from then on. (Playwright does not
  // report the leaving page's keepalive request, so the gateway is asked.)
  await page.reload();
  const appToken = ((await (await request.post('/gwapi/apptoken', { data: { clientId: 'mmar-web' } })).json()) as { token: string }).token;
  await expect.poll(async () => (await request.get('/gwapi/easyfill/addresses', { headers: { 'x-app-token': appToken, 'x-access-token': accessToken } })).status()).toBe(401);

  // The order is in the database: opened again, the link no longer offers atorvastatin.
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: /ATORVASTATIN/ })).toHaveCount(0);
});

test('three wrong verifications lock the link, also after a reload', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-refill', 'easyfill');
  await page.goto(`/EasyFill/${linkId}`);
  for (const left of [2, 1]) {
    await verify(page, MARIA, '85999');
    await expect(page.getByRole('alert')).toContainText(`Attempts Remaining: ${left}`);
    await expect(page.getByRole('alert')).toContainText('Warning: After 3 failed attempts, this screen will be locked.');
    await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue('April');
    await page.getByRole('textbox', { name: 'Zip code' }).fill('');
  }
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await verify(page, MARIA, '85999');
  const blocked = 'This page has been temporarily blocked. There have been more than 3 failed attempts to verify your identity.';
  await expect(page.getByText(blocked)).toBeVisible();
  await page.reload();
  await expect(page.getByText(blocked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('the link states: expired, already ordered, new prescription wording, bill me later', async ({ page }) => {
  await page.goto('/EasyFill/demo-expired');
  await expect(page.getByText("Expired link. We're sorry but this link has expired.")).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.goto('/EasyFill/demo-ordered');
  await expect(page.getByText('Prescriptions have already been ordered.')).toBeVisible();
  await expect(page.getByText(/If you feel this is an error, please call us/)).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await page.goto('/EasyFill/demo-newrx');
  await expect(page.getByRole('heading', { level: 1, name: 'Easy new prescription' })).toBeVisible();
  await page.goto('/EasyFill/demo-billmelater');
  await verify(page, LINDA, '85004');
  await expect(page.getByText('Payment method optional.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).press('Space');
  await expect(page.getByRole('button', { name: 'Fill Now' })).toBeEnabled();
  await expectNoAxeViolationsNorSidewaysScroll(page);
});

test('Auto Refill: enrol, order first where needed, renew; the enrolment is kept', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-autorefill', 'autorefill');
  const session = watchPatientToken(page);
  await page.goto(`/autorefill/${linkId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Auto Refill' })).toBeVisible();
  await verify(page, MARIA, '85281');
  await focused(page, 'Confirm Auto Refill');
  await expect(page.getByText('Please confirm your auto refill request below.')).toBeVisible();
  const requested = page.getByRole('region', { name: 'This is the medication you asked for:' });
  const others = page.getByRole('region', { name: 'Other medications available for Auto Refill:' });
  const expiring = page.getByRole('region', { name: 'Auto Refill expires soon! Select to renew:' });
  await expect(requested.getByRole('checkbox', { name: /ROSUVASTATIN/ })).toBeChecked();
  await expect(others.getByRole('checkbox')).toHaveCount(2);
  await expect(expiring.getByRole('checkbox', { name: /METOPROLOL .* - Auto Refill expires [A-Z][a-z]+ \d{1,2}, \d{4}$/ })).toBeChecked();
  await expect(page.getByText('Your default shipping and payment will be used.')).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);

  await others.getByRole('checkbox', { name: /AMLODIPINE/ }).press('Enter');
  await others.getByRole('checkbox', { name: /LOSARTAN/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();

  const order = dialog(page, 'Order Medication');
  await expect(order).toContainText('Refill Notice: The following drugs must be ordered before Auto Refill can be turned on. Please confirm order below.');
  await expect(order).toContainText(/LOSARTAN.*Refill Date: \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await order.getByRole('button', { name: 'Confirm' }).click();

  await focused(page, 'Auto Refill result');
  await expect(page.getByText('Success! Auto Refill updated.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'METOPROLOL' })).toContainText(' - Renewed!');
  await expect(page.getByRole('listitem').filter({ hasText: 'AMLODIPINE' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in/ })).toBeVisible();
  // Losartan was ordered first: the result confirms that order (order-confirmations.spec.ts follows it to its status).
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('LOSARTAN');
  await expectNoAxeViolationsNorSidewaysScroll(page);

  // An order was placed, so the session stays for "Track this order" until the page is left: leaving ends it.
  await page.goto('/');
  await session.endedAtGateway(request);
  // Still on when the link is opened again: amlodipine and losartan are no longer offered as others.
  await page.goto(`/autorefill/${linkId}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByText('Please confirm your auto refill request below.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /AMLODIPINE/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Other medications available for Auto Refill:' })).toHaveCount(0);
});

test('Auto Refill: a 207 lists the drugs that were enrolled apart from the one that was not; no default payment keeps Confirm off', async ({ page, request }) => {
  const linkId = await copyOf(request, 'demo-partial', 'autorefill');
  await page.goto(`/autorefill/${linkId}`);
  await verify(page, MARIA, '85281');
  await page.getByRole('checkbox', { name: /HYDROCHLOROTHIAZIDE/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText("Unable to update some Rx's at this time, please try again.");
  const updated = page.getByRole('list', { name: 'Auto Refill updated for the following medications:' });
  await expect(updated.getByRole('listitem').filter({ hasText: 'ATORVASTATIN' })).toBeVisible();
  await expect(updated.getByRole('listitem').filter({ hasText: 'HYDROCHLOROTHIAZIDE' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Auto Refill was not turned on for:' }).getByRole('listitem')).toContainText('HYDROCHLOROTHIAZIDE');
  await expectNoAxeViolationsNorSidewaysScroll(page);

  await page.goto('/autorefill/demo-nodefaults');
  await verify(page, LINDA, '85004');
  await expect(page.getByText('No payment methods on file')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Auto Refill' })).toBeDisabled();
});
