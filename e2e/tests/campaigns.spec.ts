import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * Campaigns on the local carrier: the owner builds a weekly campaign for a tag through the four
 * steps, runs it now, reads the run and who it reached, then edits it and turns it off.
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const NAME = 'Weekly renewal check';

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test('the wizard builds a weekly campaign for a tag, step by step', async () => {
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create$/);
  // The URL moves before the wizard replaces the list, whose table has a Name column and a pager.
  const wizard = page.getByTestId('campaign-wizard');
  await expect(wizard.getByRole('heading', { name: 'Create Campaign' })).toBeVisible();
  const next = wizard.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Name').fill(NAME);
  await wizard.getByLabel('Description').fill('Reminds Texas clients to look at their renewal');
  await next.click();

  // Target: the live count of who gets it, after missing mobiles and opt-outs.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page
    .locator('.ant-select-dropdown')
    .getByTitle(/^Texas/)
    .click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audience')).toContainText(/\d+ (people|person) will get this text/);
  await next.click();

  // Content: filled from a real recipient, counted as the carrier bills.
  await page.getByLabel('Message').fill('Hi ');
  await page.getByRole('button', { name: 'Insert First Name' }).click();
  await page.getByLabel('Message').press('End');
  await page.getByLabel('Message').pressSequentially(', your renewal is coming up. Reply to talk it over.');
  await expect(page.getByTestId('content-preview')).toHaveText(/^Hi [A-Z][a-z]+, your renewal is coming up\./);
  await expect(page.getByTestId('segments')).toContainText('1 segment · GSM-7');
  await expect(page.getByRole('heading', { name: 'Create Campaign · Message' })).toBeVisible();
  await next.click();

  // Schedule: weekly on Monday; the calendar shows the month's Mondays.
  await page.getByRole('combobox', { name: 'Occurrence' }).click();
  await page.locator('.ant-select-dropdown').getByTitle('Weekly', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Mon' }).check();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('occurrence-day')).toHaveCount(await mondaysShown());
  await page.getByRole('radio', { name: 'After' }).check();
  await page.getByRole('spinbutton', { name: 'Occurrences' }).fill('4');
  await expect(page.getByText('occurrences', { exact: true })).toBeVisible();

  // Back is always open; forward again over the complete steps.
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByLabel('Message')).toHaveValue(/your renewal is coming up/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Campaign Created')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns$/);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText('Every week on Mon, 4 occurrences');
});

/** How many Mondays the calendar's month has (the preview shows one run a Monday). */
async function mondaysShown(): Promise<number> {
  const month = await page.getByTestId('preview-month').textContent();
  const first = new Date(`${month} 1`);
  let n = 0;
  for (let d = new Date(first); d.getMonth() === first.getMonth(); d.setDate(d.getDate() + 1)) if (d.getDay() === 1) n++;
  return n;
}

test('running it now texts the tag, and the run history shows each person', async () => {
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await row.getByRole('button', { name: `Run ${NAME} now` }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText(`Campaign ${NAME} is running`)).toBeVisible();
  await row.getByRole('button', { name: /expand row/i }).click();
  const history = page.getByRole('table', { name: 'Run history' });
  const run = history.getByRole('row').filter({ hasText: 'Done' });
  await expect(run).toHaveCount(1);
  await run.getByRole('button', { name: /expand row/i }).click();
  const details = page.getByRole('table', { name: 'Run details' });
  await expect(
    details
      .getByRole('row')
      .filter({ hasText: /\+1 \d{3}-\d{3}-\d{4}/ })
      .first(),
  ).toBeVisible();
  await expect(details.getByRole('link').first()).toBeVisible();
});

test('editing keeps the steps filled; turning it off moves it to Inactive', async () => {
  await page
    .getByRole('row', { name: new RegExp(NAME) })
    .first()
    .getByRole('button', { name: `Edit ${NAME}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Campaign · Message' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(NAME);
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Campaign Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-dropdown').getByTitle('Inactive', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText('Inactive');
});
