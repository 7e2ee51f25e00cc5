import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn, openContactFromList } from '../support/app';

/**
 * The account settings catalogue: the owner makes a dynamic tag from the query builder and sees
 * how many contacts carry it, edits and deletes it; adds a smart value option and finds it offered
 * in a contact's edit form; writes a message template with a placeholder.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
const TAG = `Lone Star ${stamp}`;
const NETWORK = `Aetna Choice ${stamp}`;
const TEMPLATE = `Renewal ${stamp}`;

let page: Page;

const dialog = (p: Page, name: string | RegExp) => p.getByRole('dialog', { name });
async function confirmYes(p: Page) {
  await p
    .getByRole('button', { name: /^(Yes|OK)$/ })
    .last()
    .click();
}
const toast = (p: Page, text: string) => p.locator('.ant-message, .ant-notification').getByText(text, { exact: true }).first();

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test('the Tags tab lists each tag with its count', async () => {
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/settings\/employees$/);
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('menuitem', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/tag-management$/);
  await expectRemoteMounted(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Texas (2)' }).getByLabel('Dynamic tag')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'VIP (1)' })).toBeVisible();
});

test('creates a dynamic tag (state equals TX), sees its count, edits and deletes it', async () => {
  await page.getByRole('button', { name: 'Add Tag' }).click();
  const create = dialog(page, 'Create Tag');
  await create.getByLabel('Name').fill(TAG);
  await create.getByText('Dynamic', { exact: true }).click();
  await expect(create.getByRole('button', { name: 'Save' })).toBeDisabled();
  // the first rule starts on State (of an address) equals
  await expect(create.getByRole('group', { name: 'Rule 1' })).toContainText('State');
  await create.getByLabel('Rule 1 value').fill('TX');
  const status = create.getByRole('status');
  await expect(status).toHaveText(/^Matches \d+ contacts now$/);
  const count = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThanOrEqual(2);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Tag created')).toBeVisible();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: TAG });
  await expect(row.getByRole('cell').first()).toHaveText(`${TAG} (${count})`);
  await expect(row.getByLabel('Dynamic tag')).toBeVisible();

  // narrow it to San Antonio: a second rule, the count follows
  await row.getByRole('button', { name: `Edit ${TAG}` }).click();
  const edit = dialog(page, `Edit Tag ${TAG}`);
  await expect(edit.getByLabel('Rule 1 value')).toHaveValue('TX');
  await edit.getByRole('button', { name: 'Add rule' }).click();
  await edit.getByLabel('Rule 2 field').click();
  await page.keyboard.type('City');
  await page.locator('.ant-select-dropdown:visible').getByTitle('City', { exact: true }).click();
  await edit.getByLabel('Rule 2 value').fill('San Antonio');
  await expect(edit.getByRole('status')).toHaveText('Matches 1 contact now');
  await edit.getByLabel('Description').fill('Texans in San Antonio');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Tag updated')).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(`${TAG} (1)`);
  await expect(row).toContainText('Texans in San Antonio');

  // the contacts list's tag tab shows the same count
  await page.goto('/contacts');
  await expectRemoteMounted(page, 'contacts');
  await page.getByRole('tab', { name: /tags/i }).click();
  await expect(page.getByTestId('tag-chip').filter({ hasText: `${TAG} (1)` })).toBeVisible();

  await page.goto('/account/settings/tag-management');
  await page.getByRole('button', { name: `Delete ${TAG}` }).click();
  await confirmYes(page);
  await expect(toast(page, 'Tag deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TAG })).toHaveCount(0);
});

test("adds a smart value option and finds it offered in a contact's edit form", async () => {
  await page.goto('/account/settings/smart-values');
  await expect(page.getByRole('heading', { name: 'Smart Values' })).toBeVisible();
  await page.getByLabel('Value list').click();
  await page.keyboard.type('Health Network');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Health Network', { exact: true }).click();
  const options = page.getByRole('region', { name: 'Health Network options' });
  await page.getByLabel('New option').fill(NETWORK);
  await page.getByLabel('New option').press('Enter');
  await expect(toast(page, 'Group Updated')).toBeVisible();
  await expect(options).toContainText(NETWORK);

  await page.goto('/contacts');
  await openContactFromList(page, 'Carter', /James Carter/);
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await page.getByRole('tab', { name: 'Health', exact: true }).click();
  await page.getByLabel('Network').first().click();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(NETWORK, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('writes a message template with a placeholder, sees its segments, then deletes it', async () => {
  await page.goto('/account/settings/message-templates');
  await expect(page.getByRole('heading', { name: 'Message Templates' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Welcome', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Template' }).click();
  const create = dialog(page, 'Create Template');
  await create.getByLabel('Name', { exact: true }).fill(TEMPLATE);
  const message = create.getByLabel('Message', { exact: true });
  await message.fill('Hi ');
  await create.getByRole('button', { name: 'Insert First Name' }).click();
  await message.press('End');
  await message.pressSequentially(', your policy renews next month.');
  await expect(message).toHaveValue('Hi {{firstName}}, your policy renews next month.');
  await expect(create.getByRole('status')).toHaveText('48 / 1530 characters · 1 SMS segment');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Template ${TEMPLATE} was saved`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TEMPLATE });
  await expect(row).toContainText('Hi {{firstName}}, your policy renews next month.');
  await expect(row).toContainText('Team');

  await row.getByRole('button', { name: `Delete ${TEMPLATE}` }).click();
  await confirmYes(page);
  await expect(toast(page, `Template ${TEMPLATE} was deleted`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TEMPLATE })).toHaveCount(0);
});
