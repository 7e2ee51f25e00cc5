import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn, topTab, openContactFromList } from '../support/app';

/**
 * A call placed from a contact's card is that contact's call: the drawer offers the contact's
 * Notes, View Contact opens the same record, the Last Call note is saved on them; and the call
 * counts on the caller's profile (Calls, Outgoing Calls, Talk Time). The owner plays James
 * Carter's phone on the call simulator page; the employee calls him from his card.
 */
test.describe.configure({ mode: 'serial' });

let staff: Page;
let client: Page;
const CLIENT = '512-555-0142'; // James Carter's mobile
const CLIENT_LABEL = '+1-512-555-0142';
const stamp = Date.now().toString(36).slice(-5);

const drawer = () => staff.getByRole('region', { name: 'Phone drawer' });
const staffCall = () => staff.getByRole('region', { name: 'Active call' });
const clientCall = () => client.getByRole('region', { name: 'Simulated call' });

/** The number a metric card of the profile shows. */
async function cardValue(title: string): Promise<number> {
  const value = staff.getByRole('region', { name: title, exact: true }).locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/\d/);
  return Number((await value.innerText()).replace(/[^\d]/g, ''));
}
async function figures() {
  await staff.goto('/profile');
  await expect(staff.getByRole('heading', { name: 'Emma Ellis' })).toBeVisible();
  return { calls: await cardValue('Calls'), outgoing: await cardValue('Outgoing Calls') };
}

test.beforeAll(async ({ browser }) => {
  staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(staff, 'employee@demo.test');
  client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(client, 'owner@demo.test', { at: '/phone-log/simulator' });
  await client.getByLabel('Client number').fill(CLIENT);
  await client.getByRole('button', { name: 'Connect Phone' }).click();
  await expect(client.getByText(`${CLIENT_LABEL} is on the line`)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Place Call' })).toBeVisible();
});
test.afterAll(async () => {
  await staff.close();
  await client.context().close();
});

test("calling James Carter from his card: his Notes during the call, View Contact opens his record, the Last Call note is kept on him, and the call counts on the caller's profile", async () => {
  const before = await figures();

  await staff.goto('/contacts');
  await expectRemoteMounted(staff, 'contacts');
  await openContactFromList(staff, 'Carter', /James Carter/);
  await expect(staff).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  const record = staff.url();

  await staff.getByRole('button', { name: 'Call James Carter mobile' }).click();
  await expect(clientCall()).toContainText('The agency is calling');
  await clientCall().getByRole('button', { name: 'Answer' }).click();
  await expect(staffCall()).toContainText('Connected');
  // The call is James's: his Notes are offered first, and View Contact opens his record, not a new contact.
  await expect(staffCall().getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  // Away from the record (inside the app: the call goes on), View Contact brings the person back to it.
  await topTab(staff, 'Dashboard').click();
  await expect(staff).toHaveURL(/\/$/);
  await expect(staffCall()).toContainText('Connected');
  await staffCall()
    .getByRole('button', { name: /View Contact$/ })
    .click();
  await expect(staff).toHaveURL(record);
  // Some talk time before hanging up.
  await expect(staffCall().getByRole('timer', { name: 'Call timer' })).not.toHaveText('0:00');
  await staffCall().getByRole('button', { name: 'End Call' }).click();
  await expect(client.getByText('No call.')).toBeVisible();

  // Last Call: the note goes on James's record.
  await drawer().getByRole('tab', { name: 'Last Call' }).click();
  const last = drawer().getByRole('list', { name: 'Last calls' });
  await expect(last).toContainText('James Carter');
  const note = `Called about the renewal ${stamp}`;
  await last.getByLabel('Notes').fill(note);
  await last.getByRole('button', { name: 'Submit' }).click();
  await expect(staff.getByText('Note saved on the contact')).toBeVisible();
  await staff.goto(record);
  await expect(staff.getByText(note)).toBeVisible();

  // The call log has it on James, outgoing and completed.
  await staff.goto('/phone-log');
  await staff.getByText('Mine', { exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'Outgoing' }).first();
  await expect(row).toContainText('James Carter');
  await expect(row).toContainText('Completed');

  // And it counts: one more call, one more outgoing call, on the caller's profile.
  await expect.poll(async () => figures(), { timeout: 15_000 }).toEqual({ calls: before.calls + 1, outgoing: before.outgoing + 1 });
  await expect(staff.getByRole('region', { name: 'Talk Time', exact: true })).not.toContainText('no calls');
});
