import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, openContactFromList } from '../support/app';

/**
 * The call log in depth, on the demo agency's seeded calls: the owner narrows it by direction and
 * by status, opens the Recordings view and blocks a recorded number from its Action column; the
 * employee marks James Carter a favorite and finds him on the dialer's Favorites tab, then a call
 * the owner places from the simulator as a verified caller shows its verification icon.
 */
test.describe.configure({ mode: 'serial' });

let staff: Page;
let client: Page;
/** The owner's second tab, for the log and the settings (the simulator stays connected in the first). */
let owner: Page;
const CLIENT = '512-555-0142'; // James Carter's mobile
const CLIENT_LABEL = '+1-512-555-0142';
const PATEL = '+1-415-555-0168'; // Aisha Patel: the seeded recorded outgoing call

const drawer = () => staff.getByRole('region', { name: 'Phone drawer' });
const staffCall = () => staff.getByRole('region', { name: 'Active call' });
const clientCall = () => client.getByRole('region', { name: 'Simulated call' });
const toast = (p: Page, text: string) => p.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();

async function choose(p: Page, combobox: string, option: string) {
  await p.getByRole('combobox', { name: combobox }).click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test.beforeAll(async ({ browser }) => {
  staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(staff, 'employee@demo.test');
  client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  owner = await client.context().newPage();
  await signIn(client, 'owner@demo.test', { at: '/phone-log/simulator' });
  await client.getByLabel('Client number').fill(CLIENT);
  await client.getByRole('button', { name: 'Connect Phone' }).click();
  await expect(client.getByText(`${CLIENT_LABEL} is on the line`)).toBeVisible();
  await choose(client, 'Agency number', 'Round Rock Main');
});
test.afterAll(async () => {
  await staff.close();
  await client.context().close();
});

test('the owner filters the log by direction and status, opens the Recordings view and blocks a recorded number', async () => {
  await owner.goto('/phone-log');
  const calls = owner.getByRole('main').getByRole('row');
  await owner.getByText('All', { exact: true }).click();
  await expect(calls.filter({ hasText: 'Aisha Patel' })).toHaveCount(1);
  await expect(calls.filter({ hasText: 'Mari Gonzalez' }).first()).toBeVisible();

  // Outgoing only: the calls the agency placed (the demo's: Aisha Patel answered, Robert Chen did
  // not; other journeys on the same server may have placed more).
  await choose(owner, 'Direction', 'Outgoing');
  await expect(calls.filter({ hasText: 'Incoming' })).toHaveCount(0);
  await expect(calls.filter({ hasText: 'Mari Gonzalez' })).toHaveCount(0);
  await expect(calls.filter({ hasText: 'Aisha Patel' })).toContainText('Completed');
  await expect(calls.filter({ hasText: 'Robert Chen' })).toContainText('No answer');

  // And No answer: Robert Chen's alone.
  await choose(owner, 'Status', 'No answer');
  await expect(calls.filter({ hasText: 'Completed' })).toHaveCount(0);
  await expect(calls.filter({ hasText: 'Aisha Patel' })).toHaveCount(0);
  await expect(calls.filter({ hasText: 'Robert Chen' })).toContainText('Outgoing');

  // The Recordings view: its own columns, without the direction and status filters.
  await owner.getByText('Recordings', { exact: true }).click();
  await expect(owner.getByRole('combobox', { name: 'Direction' })).toHaveCount(0);
  await expect(owner.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  for (const column of ['Client', 'Tags', 'Format', 'Action']) {
    await expect(owner.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const recorded = calls.filter({ hasText: 'Aisha Patel' });
  await expect(recorded).toContainText('Outbound');
  await expect(recorded.getByRole('button', { name: /^Play recording/ })).toBeVisible();
  await expect(calls.filter({ hasText: 'Walter Brooks' })).toContainText('Voicemail');

  await recorded.getByRole('button', { name: `Block ${PATEL}` }).click();
  const dialog = owner.getByRole('dialog', { name: 'Block Phone Number' });
  await expect(dialog).toContainText(PATEL);
  await dialog.getByLabel('Reason For Blocking').fill('Asked us to stop calling');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(owner, `${PATEL} added to block list`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The number is on the account's block list, with the reason.
  await owner.goto('/account/settings/blocked-numbers');
  await expect(owner.getByRole('row').filter({ hasText: PATEL })).toContainText('Asked us to stop calling');
});

test("the employee finds a favorite on the dialer's Favorites tab, and a verified caller shows its icon", async () => {
  // James Carter becomes one of the employee's favorites.
  await staff.goto('/contacts');
  await openContactFromList(staff, 'Carter', /James Carter/);
  await staff.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(staff.getByRole('button', { name: 'Unfavorite', exact: true })).toBeVisible();

  if (!(await drawer().isVisible())) await staff.getByRole('button', { name: 'Place Call' }).click();
  await drawer().getByRole('tab', { name: 'Favorites' }).click();
  const favorite = drawer().getByRole('list', { name: 'Favorites' }).getByRole('listitem', { name: 'James Carter' });
  await expect(favorite.getByRole('button', { name: `Call James Carter at ${CLIENT_LABEL}` })).toBeEnabled();

  // He calls in, verified by the carrier (attestation A): the ringing call says so.
  await choose(client, 'Caller verification', 'Verified caller (attestation A)');
  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await expect(staffCall()).toContainText('James Carter');
  await expect(staffCall().getByRole('img', { name: 'Verified caller' })).toBeVisible();
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(staffCall()).toContainText('Connected');
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await expect(staffCall()).toHaveCount(0);

  // The log keeps the verification on the call.
  await staff.goto('/phone-log');
  await staff.getByText('All', { exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'James Carter' }).first();
  await expect(row).toContainText('Incoming');
  await expect(row.getByRole('img', { name: 'Verified caller' })).toBeVisible();
});
