import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * Contacts CSV import and export: a file of three rows (a new contact, a duplicate of the demo
 * James Carter by mobile phone, an invalid email), mapped, reviewed with the duplicate skipped,
 * imported and reported; the new contact found by search; the list exported. One page, step by step.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
const NEW = { first: 'Nova', last: `Quill${stamp}`, mobile: `737555${String(Date.now() % 10_000).padStart(4, '0')}` };
const CSV = [
  'First Name,Last Name,Mobile,Email,Favorite Color',
  `${NEW.first},${NEW.last},${NEW.mobile},nova.${stamp}@example.com,teal`,
  'Jim,Carter,(512) 555-0142,,green',
  `Ivy,Invalid${stamp},,not-an-email,red`,
].join('\r\n');

let page: Page;

const textOf = async (download: Download) => readFileSync(await download.path(), 'utf8');

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ acceptDownloads: true });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test('chooses a CSV and maps its columns from their names', async () => {
  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  await expect(page.getByTestId('contacts-title')).toHaveText('Contacts');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/contacts\/import$/);

  // a file that is not CSV is refused with the reason, and the step stays
  await page.locator('input[type="file"]').setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByRole('alert')).toContainText('policy.pdf is not a CSV file.');

  await page.locator('input[type="file"]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await expect(page.getByText('leads.csv: 3 rows')).toBeVisible();
  const shows = (column: string) => page.locator('.ant-select').filter({ has: page.getByLabel(column, { exact: true }) });
  await expect(shows('First Name')).toContainText('First Name');
  await expect(shows('Last Name')).toContainText('Last Name');
  await expect(shows('Mobile')).toContainText('Mobile Phone');
  await expect(shows('Email')).toContainText('Email');
  await expect(shows('Favorite Color')).toContainText('Leave out');
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toContainText(NEW.last);
});

test('reviews the dry run: one to create, one duplicate, one invalid', async () => {
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByTestId('count-total')).toHaveText('3');
  await expect(page.getByTestId('count-create')).toHaveText('1');
  await expect(page.getByTestId('count-duplicates')).toHaveText('1');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', /\/contacts\/contact\/[0-9a-f-]{36}$/);
  await expect(page.getByText('email: Enter a valid email address')).toBeVisible();
  // the counts follow the choice made for the duplicate
  await page.getByRole('radiogroup', { name: 'Action for row 2' }).getByText('Create').click();
  await expect(page.getByTestId('count-create')).toHaveText('2');
  await page.getByRole('radiogroup', { name: 'Action for row 2' }).getByText('Skip').click();
  await expect(page.getByTestId('count-create')).toHaveText('1');
});

test('imports and reports every row not imported with the reason', async () => {
  await page.getByRole('button', { name: 'Import 1 contact' }).click();
  await expect(page.getByTestId('import-imported')).toHaveText('Imported 1 contact of 3 rows');
  await expect(page.getByText('1 created, 0 merged, 1 skipped, 1 invalid')).toBeVisible();
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('row').filter({ hasText: `Ivy Invalid${stamp}` })).toContainText('email: Enter a valid email address');
  await expect(report.getByRole('row').filter({ hasText: 'Jim Carter' })).toContainText('Skipped');
  await expect(report.getByRole('row').filter({ hasText: 'Jim Carter' })).toContainText('Duplicate of James Carter by phone');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
  expect(download.suggestedFilename()).toBe('leads-import-report.csv');
  const text = await textOf(download);
  expect(text).toContain('First Name,Last Name,Mobile,Email,Favorite Color,Row,Result,Reason');
  expect(text).toContain(`Ivy,Invalid${stamp},,not-an-email,red,3,Invalid,email: Enter a valid email address`);
});

test('finds the new contact in the list', async () => {
  await page.getByRole('button', { name: 'Show contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.getByLabel('Search contacts').fill(NEW.last);
  const list = page.getByTestId('contact-list');
  await expect(list.getByTestId('contact-row')).toHaveCount(1);
  await expect(list).toContainText(NEW.last);
  await page.getByLabel('Search contacts').fill('Carter');
  // the new contact's row also counts 1: wait for the list to show what was searched
  await expect(list).toContainText('James Carter');
  await expect(list.getByTestId('contact-row')).toHaveCount(1);
});

test('exports the list shown as CSV', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('contacts-carter.csv');
  const lines = (await textOf(download)).trim().split(/\r\n/);
  expect(lines[0]).toBe(
    'id,firstName,preferredFirstName,lastName,companyName,email,phone,mobilePhone,gender,dob,occupation,coFirstName,coLastName,coEmail,coMobilePhone,coDOB,affliateVia,aflliateOn,createdAt',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('James');
  expect(lines[1]).toContain('james.carter@example.com');
});
