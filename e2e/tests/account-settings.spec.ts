import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn, openContactFromList, openInApp } from '../support/app';

/**
 * The account settings journey: the owner narrows the Gathering Forms and sees a contact's record
 * tabs follow, adds, edits and deletes an employee, blocks a number and removes the block, uploads
 * a call-flow recording (plays it, finds it after a reload, deletes it); an employee cannot reach
 * the settings at all.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
const NEW = { first: 'Nina', last: `Novak${stamp}`, email: `nina.${stamp}@demo.test`, ext: String(400 + (Date.now() % 500)) };
const BLOCKED = { typed: `1222${String(Date.now()).slice(-7)}` };
const blockedShown = `+1-222-${BLOCKED.typed.slice(4, 7)}-${BLOCKED.typed.slice(7)}`;

let page: Page;
/** A labelled field of the routed page (the phone drawer and peers list have their own). */
const field = (label: string) => page.getByRole('main').getByLabel(label, { exact: true });

const settingsTab = (name: string) => page.getByRole('navigation', { name: 'Settings sections' }).getByRole('menuitem', { name, exact: true });
const toast = (text: string | RegExp) => page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();
/** Toggles an option of the open antd select. */
async function toggleOption(text: string) {
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).click();
}
/** Answers the shell's confirmation with Yes (a click during its opening animation can be lost: click until it closes). */
async function confirmYes() {
  const yes = page.getByRole('dialog').getByRole('button', { name: 'Yes' });
  await expect(async () => {
    await yes.click({ timeout: 2_000 });
    await expect(yes).toBeHidden({ timeout: 2_000 });
  }).toPass();
}
async function recordTabs(): Promise<string[]> {
  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  await openContactFromList(page, 'Carter', /James Carter/);
  await expect(page.getByRole('tab', { name: 'Extra', exact: true })).toBeVisible();
  return page.getByRole('tab').allInnerTexts();
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test('the profile menu opens the settings on Employees', async () => {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/employees$/);
  await expect(settingsTab('Employees')).toHaveClass(/ant-menu-item-selected/);
  await expect(page.getByRole('article', { name: 'Olivia Owens' })).toBeVisible();
});

test('Gathering Forms: Save waits for a change, and a contact shows only the chosen forms', async () => {
  expect(await recordTabs()).toEqual(expect.arrayContaining(['Home', 'Commercial', 'Auto']));

  await page.goto('/account/settings/general');
  const save = page.getByRole('button', { name: 'Save' });
  const reset = page.getByRole('button', { name: 'Reset' });
  await expect(save).toBeDisabled();
  await expect(reset).toBeDisabled();
  await page.getByLabel('Gathering Forms').click();
  await toggleOption('Home');
  await toggleOption('Commercial');
  await page.keyboard.press('Escape');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast('Account settings saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  const tabs = await recordTabs();
  expect(tabs).toEqual(expect.arrayContaining(['Address', 'Auto']));
  expect(tabs).not.toContain('Home');
  expect(tabs).not.toContain('Commercial');

  // Put them back: the other journeys expect every form.
  await page.goto('/account/settings/general');
  await page.getByLabel('Gathering Forms').click();
  await toggleOption('Home');
  await toggleOption('Commercial');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(await recordTabs()).toEqual(expect.arrayContaining(['Home', 'Commercial']));
});

test('adds an employee, edits them and deletes them', async () => {
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/settings\/employees$/);
  await page.getByRole('button', { name: 'Add New Employee' }).click();
  await expect(page).toHaveURL(/\/employees\/new$/);
  await field('First Name').fill(NEW.first);
  await field('Last Name').fill(NEW.last);
  await field('Email').fill(NEW.email);
  await field('Phone').fill('5125550142');
  await expect(field('Phone')).toHaveValue('+5 (125) 550-142');
  await field('Phone').fill('15125550142');
  await expect(field('Phone')).toHaveValue('+1 (512) 555-0142');
  await field('Extension').fill(NEW.ext);
  await field('NPN').fill('1234567');
  await field('Groups').fill('Sales');
  await page.keyboard.press('Enter');
  await field('Locations').click();
  await toggleOption('Austin');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await expect(toast('Added Profile')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/settings\/employees$/);

  const card = page.getByRole('article', { name: `${NEW.first} ${NEW.last}` });
  await expect(card).toContainText('Employee');
  await expect(card).toContainText('NPN: 1234567');
  await expect(card).toContainText(`Ext: ${NEW.ext}`);
  // The demo agency has two locations, so the location chip shows; the group too.
  await expect(card.getByText('Austin', { exact: true })).toBeVisible();
  await expect(card.getByText('Sales', { exact: true })).toBeVisible();

  // A second employee with the same extension is refused with the catalogue prefix.
  await page.getByRole('button', { name: 'Add New Employee' }).click();
  await field('First Name').fill('Dup');
  await field('Last Name').fill(`Licate${stamp}`);
  await field('Email').fill(`dup.${stamp}@demo.test`);
  await field('Extension').fill(NEW.ext);
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'Unable to create user: That extension is already used by another user of this account.',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: `Edit ${NEW.first} ${NEW.last}` }).click();
  await expect(field('First Name')).toHaveValue(NEW.first);
  await field('NPN').fill('7654321');
  await field('Role').click();
  await toggleOption('Admin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast('Updated Profile')).toBeVisible();
  await expect(card).toContainText('NPN: 7654321');
  await expect(card).toContainText('Admin');

  // Opened by its address (a reload), the form still finds the employee.
  await card.getByRole('button', { name: `Edit ${NEW.first} ${NEW.last}` }).click();
  await page.reload();
  await expect(field('NPN')).toHaveValue('7654321');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Delete ${NEW.first} ${NEW.last}?`);
  await confirmYes();
  await expect(toast('Deleted Profile')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/settings\/employees$/);
  await expect(page.getByRole('article', { name: 'Olivia Owens' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('blocks a number and removes the block', async () => {
  await settingsTab('Blocked Numbers').click();
  await expect(page).toHaveURL(/\/account\/settings\/blocked-numbers$/);
  await page.getByRole('button', { name: 'Block Number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block a Phone Number' });
  await dialog.getByLabel('Phone Number').fill(BLOCKED.typed.slice(0, 10));
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog.getByLabel('Phone Number').fill(BLOCKED.typed);
  await dialog.getByLabel('Reason').fill('Robocalls every morning');
  await dialog.getByLabel('Reason').press('Tab');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(`${blockedShown} added to block list`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: blockedShown });
  await expect(row).toContainText('Robocalls every morning');
  await expect(row).toContainText('Olivia Owens');
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(row).toContainText(`${pad(today.getMonth() + 1)}/${pad(today.getDate())}/${today.getFullYear()}`);

  await row.getByRole('button', { name: `Remove ${blockedShown}` }).click();
  await confirmYes();
  await expect(toast(`${blockedShown} removed from block list`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

/** A tenth of a second of silence as a WAV file (16-bit mono PCM at 8 kHz), as a person would upload. */
function silentWav(): Buffer {
  const data = Buffer.alloc(1600);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

test('uploads a call-flow recording, plays it, finds it after a reload, and deletes it', async () => {
  const name = `Welcome ${stamp}`;
  // The recordings are the account's; any location's message opens them (nothing here is saved).
  const recordings = async () => {
    await field('Location').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Round Rock' }).click();
    await page.getByRole('main').getByRole('combobox', { name: 'Welcome message' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Recording', { exact: true }).click();
    return page.getByRole('dialog', { name: 'Recordings' });
  };
  await openInApp(page, '/account/settings/call-settings', 'admin');
  let dialog = await recordings();
  await dialog.getByLabel('Label', { exact: true }).fill(name);
  await dialog.getByLabel('Audio file').setInputFiles({ name: 'welcome.wav', mimeType: 'audio/wav', buffer: silentWav() });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  // The browser plays it: it loads the file from its address and knows its length.
  const duration = await dialog.getByLabel(`Play ${name}`).evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => reject(new Error(`cannot play ${audio.src}`)), { once: true });
        audio.load();
      }),
  );
  expect(duration).toBeCloseTo(0.1, 2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  dialog = await recordings();
  await expect(dialog.getByRole('radio', { name: new RegExp(name) })).toBeVisible();
  // Put back: the account keeps at most four recordings.
  await dialog.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(name) })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test("an employee reaches only the settings of their own (message templates), not the account's", async ({ browser }) => {
  const other = await browser.newPage();
  const refused = other.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: 'You do not have access to perform this action.' }).first();
  await signIn(other, 'employee@demo.test');
  await other.getByRole('button', { name: 'Profile menu' }).click();
  await other.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(other).toHaveURL(/\/account\/settings\/message-templates$/);
  const sections = other.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('menuitem', { name: 'Message Templates' })).toBeVisible();
  await expect(sections.getByRole('menuitem', { name: 'Blocked Numbers' })).toHaveCount(0);

  await other.goto('/account/settings/blocked-numbers');
  await expect(refused).toBeVisible();
  await expect(other).toHaveURL(/\/profile$/);
  await expect(other.getByRole('heading', { name: 'Emma Ellis' })).toBeVisible();

  // The account's own pages (billing, phone numbers) say why too.
  await other.goto('/account/info/billing');
  await expect(other).toHaveURL(/\/profile$/);
  await expect(refused).toBeVisible();
  await other.close();
});

test('Texting off: the Messages tab hides, and /messages typed in the address bar says texting is off instead of the inbox', async () => {
  await page.goto('/account/settings/general');
  const texting = page.getByRole('switch', { name: 'Texting' });
  await texting.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast('Account settings saved.')).toBeVisible();
  try {
    await expect(page.getByRole('banner').getByRole('tab', { name: /^Messages/ })).toHaveCount(0);
    await page.goto('/messages');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Messaging is not enabled for this account.');
    await expect(page.getByRole('button', { name: 'New Conversation' })).toHaveCount(0);
  } finally {
    // Back on: the other journeys text.
    await page.goto('/account/settings/general');
    await page.getByRole('switch', { name: 'Texting' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast('Account settings saved.')).toBeVisible();
  }
});
