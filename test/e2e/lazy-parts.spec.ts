/**
 * Code loaded on demand (src/ui/lazyPart.tsx) that cannot load: the request for the part's chunk
 * fails once (the network gone for a moment), then goes through. The screen stays as it was, says
 * that the part could not load, and Try again loads it. One dialog and one step of each flow.
 * And one that loads: the link's verification form, whose loading keeps the page's skeleton as it is.
 */
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolationsNorSidewaysScroll } from './support/a11y.ts';
import { copyOf, dialog, MARIA, verify } from './support/drivers.ts';
import { couldNotLoad, TRY_AGAIN } from '../../src/ui/lazyPartText.ts';
import { CANCEL_MESSAGES } from '../../machines/member/memberFlowMachine.ts';

// A hang catcher on a busy 2-core machine, not a wait.
test.describe.configure({ timeout: 120_000 });

/** Each request of the chunk whose file name starts with `name-` fails while `failing` says so of it (its number, from 1); the rest go through. Gives how many were made. */
async function failChunk(page: Page, name: string, failing: (request: number) => boolean): Promise<() => number> {
  let requests = 0;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js(\\?.*)?$`), async (route) => {
    requests += 1;
    if (failing(requests)) await route.abort('internetdisconnected');
    else await route.fallback();
  });
  return () => requests;
}

/** The first request of the chunk fails (the network gone for a moment), then they go through. */
const failOnce = (page: Page, name: string) => failChunk(page, name, (request) => request === 1);

/**
 * Every request of the chunk fails until `back()` (the network gone for a while: a dialog's code, fetched
 * ahead once the page is in use, and again at the dialog's opening).
 */
async function failUntilBack(page: Page, name: string): Promise<{ requests: () => number; back: () => void }> {
  let off = true;
  const requests = await failChunk(page, name, () => off);
  return { requests, back: () => (off = false) };
}

test('Auto Refill: the terms dialog cannot load: the selection stays, says so, and Try again opens the dialog', async ({ page, request }) => {
  const { requests, back } = await failUntilBack(page, 'ModalDialog');
  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Confirm Auto Refill' })).toBeFocused();
  await page.getByRole('checkbox', { name: /AMLODIPINE/ }).press('Space');
  // The code fetched ahead failed without a word: only the dialog asked for says so.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).click();
  await expect(page.getByRole('alert')).toHaveText(couldNotLoad('This dialog'));
  back();
  // The selection is still there, as it was: not the general error text in its place.
  await expect(page.getByText('Please confirm your auto refill request below.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /AMLODIPINE/ })).toBeChecked();
  await expect(page.getByText('Unable to process the request')).toHaveCount(0);
  const again = page.getByRole('button', { name: TRY_AGAIN });
  await expect(again).toBeFocused();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await again.click();
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  expect(requests()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('alert').filter({ hasText: couldNotLoad('This dialog') })).toHaveCount(0);
  // And it works as ever: agreed and confirmed, the result.
  await terms.getByRole('checkbox').press('Space');
  await terms.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Auto Refill result' })).toBeFocused();
});

test("a dialog's code comes ahead once the page is in use, not with the page, and its opening asks for nothing more", async ({ page, request }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/ModalDialog-[\w-]+\.js$/.test(r.url())) asked.push(r.url());
  });
  await page.goto(`/autorefill/${await copyOf(request, 'demo-autorefill', 'autorefill')}`);
  await expect(page.locator('#root[data-live]')).toBeAttached();
  await expect(page.getByRole('combobox', { name: 'Month', exact: true })).toBeVisible();
  // The page's load is a budget of its own (docs/performance.md): nothing of a dialog comes with it.
  expect(asked).toHaveLength(0);
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('heading', { name: 'Confirm Auto Refill' })).toBeFocused();
  await expect.poll(() => asked.length).toBe(1);
  await page.getByRole('checkbox', { name: /AMLODIPINE/ }).press('Space');
  await page.getByRole('button', { name: 'Confirm Auto Refill' }).press('Enter');
  const terms = dialog(page, 'Agree to Auto Refill Program Terms & Conditions');
  await expect(terms).toBeVisible();
  await expect.poll(() => terms.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect(asked).toHaveLength(1);
});

test('Easy Fill: the step after verification cannot load: the page says so, and Try again shows the prescriptions', async ({ page, request }) => {
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  const requests = await failOnce(page, 'EasyFillSteps');
  await verify(page, MARIA, '85281');
  await expect(page.getByRole('alert')).toHaveText(couldNotLoad('The next step'));
  await expect(page.getByRole('heading', { level: 1, name: 'Easy refill' })).toBeVisible();
  const again = page.getByRole('button', { name: TRY_AGAIN });
  await expect(again).toBeFocused();
  await expectNoAxeViolationsNorSidewaysScroll(page);
  await again.click();
  await expect(page.getByRole('heading', { name: 'Choose your prescriptions' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem')).toHaveCount(4);
  expect(requests()).toBeGreaterThanOrEqual(2);
});

test('member flow: the Cancel Request dialog cannot load: what was typed stays, and Try again opens it', async ({ page }) => {
  await page.goto('/memberInfo');
  const requests = await failOnce(page, 'CancelRequestModal');
  await page.getByRole('textbox', { name: 'Member Number' }).fill('MMA100001');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(couldNotLoad('This dialog'));
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('MMA100001');
  const again = page.getByRole('button', { name: TRY_AGAIN });
  await expect(again).toBeFocused();
  await again.click();
  const confirm = dialog(page, CANCEL_MESSAGES.title);
  await expect(confirm).toBeVisible();
  expect(requests()).toBeGreaterThanOrEqual(2);
  await confirm.getByRole('button', { name: CANCEL_MESSAGES.dismiss }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Member Number' })).toHaveValue('MMA100001');
});

test("a link's skeleton stays, the same element, until the verification form's code has come; then the form", async ({ page, request }) => {
  // Counts the link's skeletons taken off the page. The served one should be the only one: the render
  // of the link's answer keeps it while the form's code loads, instead of putting the lazy form's
  // fallback (an identical skeleton) in its place.
  await page.addInitScript(() => {
    const counts = window as unknown as { skeletonsRemoved: number };
    counts.skeletonsRemoved = 0;
    const isSkeleton = (element: Element) => element.matches('[role=status]') && (element.textContent ?? '').includes('Loading your link');
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) counts.skeletonsRemoved += [node, ...node.querySelectorAll('[role=status]')].filter(isSkeleton).length;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/EasyFill/${await copyOf(request, 'demo-refill', 'easyfill')}`);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your link' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { skeletonsRemoved: number }).skeletonsRemoved)).toBe(1);
});
