import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * The phone on the local carrier, with the real Twilio Voice SDK in both browsers: the owner plays
 * a client's phone on the call simulator page, the employee works the phone drawer. Audio is
 * measured on the level meters the call UI shows (Chromium's fake microphone beeps), not assumed.
 */
test.describe.configure({ mode: 'serial' });

let staff: Page;
let client: Page;
/** The owner's second tab, for Call Settings (the simulator stays connected in the first). */
let settings: Page;
const CLIENT = '512-555-0142'; // James Carter's mobile
const CLIENT_LABEL = '+1-512-555-0142';

const drawer = () => staff.getByRole('region', { name: 'Phone drawer' });
const staffCall = () => staff.getByRole('region', { name: 'Active call' });
const clientCall = () => client.getByRole('region', { name: 'Simulated call' });

async function openCallSettings() {
  await settings.goto('/account/settings/call-settings');
  await settings.getByRole('combobox', { name: 'Location' }).click();
  await settings.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Round Rock' }).click();
}

/** A level meter that rises above silence at some point (the fake microphone beeps about once a second). */
async function hearsSound(area: Locator) {
  await expect
    .poll(async () => Number(await area.getByRole('meter', { name: 'Output volume' }).getAttribute('aria-valuenow')), { timeout: 10_000, intervals: [100] })
    .toBeGreaterThan(0);
}

test.beforeAll(async ({ browser }) => {
  staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(staff, 'employee@demo.test');
  // Its own context: the owner opens a second tab in it later.
  client = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  settings = await client.context().newPage();
  await signIn(client, 'owner@demo.test', { at: '/phone-log/simulator' });
  await client.getByLabel('Client number').fill(CLIENT);
  await client.getByRole('button', { name: 'Connect Phone' }).click();
  await expect(client.getByText(`${CLIENT_LABEL} is on the line`)).toBeVisible();
  // Round Rock keeps no office hours (open around the clock); Austin's are set by another journey.
  await client.getByRole('combobox', { name: 'Agency number' }).click();
  await client.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Round Rock Main' }).click();
  await expect(staff.getByRole('button', { name: 'Place Call' })).toBeVisible();
});
test.afterAll(async () => {
  await staff.close();
  await client.context().close();
});

test('a client calls the agency, the employee answers in the browser, and they hear each other', async () => {
  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await expect(staffCall()).toContainText('James Carter');
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(staffCall()).toContainText('Connected');
  await expect(clientCall()).toContainText('Connected');
  await Promise.all([hearsSound(staffCall()), hearsSound(clientCall())]);
  // Presence follows the call.
  await expect(staff.getByRole('button', { name: /^My status On Call/ })).toBeVisible();
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await drawer().getByRole('tab', { name: 'Last Call' }).click();
  await expect(drawer().getByRole('list', { name: 'Last calls' })).toContainText('James Carter');

  await staff.goto('/phone-log');
  await staff.getByText('All', { exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'James Carter' }).first();
  await expect(row).toContainText('Incoming');
  await expect(row).toContainText('Completed');
});

test('the employee calls a client from the dialpad and texts them during the call', async () => {
  await staff.getByRole('button', { name: 'Place Call' }).click();
  const number = drawer().getByLabel('Phone number');
  // Typed key by key as a person does, with a slip corrected by Backspace.
  await number.pressSequentially('151255501433');
  await expect(number).toHaveValue('+1-512-555-0143');
  await number.press('Backspace');
  await number.pressSequentially('2');
  await expect(number).toHaveValue(CLIENT_LABEL);
  await number.press('Enter');
  await expect(clientCall()).toContainText('The agency is calling');
  await clientCall().getByRole('button', { name: 'Answer' }).click();
  await expect(staffCall()).toContainText('Connected');
  await Promise.all([hearsSound(staffCall()), hearsSound(clientCall())]);
  // While they talk, the employee texts the client from the call's Messages tab.
  await staffCall().getByRole('tab', { name: 'Messages' }).click();
  await staffCall().getByLabel('Text message').fill('Sending the quote now.');
  await staffCall().getByLabel('Text message').press('Enter');
  await expect(staffCall().getByRole('log', { name: 'Texts with the caller' })).toContainText('Sending the quote now.');
  await staffCall().getByRole('button', { name: 'End Call' }).click();
  await expect(client.getByText('No call.')).toBeVisible();

  await staff.getByText('Mine', { exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'Outgoing' }).first();
  await expect(row).toContainText('James Carter');
  await expect(row).toContainText('Completed');
});

test('a recorded call is transferred to a colleague, who talks with the client; the log plays its recording', async () => {
  // The owner records Round Rock's incoming calls.
  await openCallSettings();
  const record = settings.getByRole('switch', { name: 'Record incoming calls' });
  if ((await record.getAttribute('aria-checked')) !== 'true') {
    await record.click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText('Call Flow saved.')).toBeVisible();
  }

  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(staffCall()).toContainText('Recording');
  await staffCall().getByRole('button', { name: 'Transfer' }).click();
  await staff.getByRole('dialog', { name: 'Transfer call' }).getByRole('button', { name: 'Transfer to Olivia Owens' }).click();
  await expect(staffCall()).toHaveCount(0);

  // The owner's own phone rings on the page she plays the client on.
  const ownerCall = client.getByRole('region', { name: 'Active call' });
  await client.getByRole('button', { name: 'Answer Call' }).waitFor();
  await ownerCall.getByRole('button', { name: /Answer$/ }).click();
  await expect(ownerCall).toContainText('Connected');
  await Promise.all([hearsSound(ownerCall), hearsSound(clientCall())]);
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await expect(ownerCall).toHaveCount(0);

  await staff.getByText('All', { exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: 'Transfer' }).first();
  await expect(row).toContainText('James Carter');
  await row.getByRole('button', { name: /^Play recording/ }).click();
  await expect(row.getByLabel(/^Recording, /)).toBeVisible();
});

test('the employee adds a colleague to a call: the three talk, the colleague leaves, and the call goes on', async () => {
  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(staffCall()).toContainText('Connected');
  await staffCall().getByRole('button', { name: 'Add Participant' }).click();
  await staff.getByRole('dialog', { name: 'Add Participant' }).getByRole('button', { name: 'Add Olivia Owens' }).click();
  await expect(staff.getByText('Participant added')).toBeVisible();

  // The owner's phone rings with the client the call is with.
  const ownerCall = client.getByRole('region', { name: 'Active call' });
  await client.getByRole('button', { name: 'Answer Call' }).waitFor();
  await expect(ownerCall).toContainText('Conference');
  await expect(ownerCall).toContainText('James Carter');
  await ownerCall.getByRole('button', { name: /Answer$/ }).click();
  const participants = staffCall().getByRole('list', { name: 'Participants on the call' });
  await expect(participants.getByRole('listitem')).toHaveCount(3);
  await expect(participants).not.toContainText('Ringing');
  await Promise.all([hearsSound(ownerCall), hearsSound(staffCall()), hearsSound(clientCall())]);

  // The owner leaves; the employee and the client talk on.
  await ownerCall.getByRole('button', { name: 'Leave Call' }).click();
  await expect(ownerCall).toHaveCount(0);
  await expect(participants.getByRole('listitem')).toHaveCount(2);
  await Promise.all([hearsSound(staffCall()), hearsSound(clientCall())]);
  await staffCall().getByRole('button', { name: 'End Call' }).click();
  await expect(client.getByText('No call.')).toBeVisible();
});

test('the owner coaches the employee from the Peers tab: she joins at once as Coaching, hears the call, and leaves again', async () => {
  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(staffCall()).toContainText('Connected');

  const ownerDrawer = client.getByRole('region', { name: 'Phone drawer' });
  if (!(await ownerDrawer.isVisible())) await client.getByRole('button', { name: 'Place Call' }).click();
  await ownerDrawer.getByRole('tab', { name: 'Dialpad' }).first().click();
  await ownerDrawer.getByRole('tab', { name: 'Peers' }).click();
  await ownerDrawer.getByRole('button', { name: 'Coach Emma Ellis' }).click();
  const ownerCall = client.getByRole('region', { name: 'Active call' });
  await expect(ownerCall).toContainText('Coaching');
  await expect(ownerCall).toContainText('Connected');
  await expect(client.getByRole('button', { name: /^My status Coaching/ })).toBeVisible();
  const participants = staffCall().getByRole('list', { name: 'Participants on the call' });
  await expect(participants.getByRole('listitem').filter({ hasText: 'Olivia Owens' })).toContainText('Coach');
  await hearsSound(ownerCall);

  await ownerCall.getByRole('button', { name: 'Leave Call' }).click();
  await expect(ownerCall).toHaveCount(0);
  await expect(participants.getByRole('listitem')).toHaveCount(2);
  await staffCall().getByRole('button', { name: 'End Call' }).click();
  await expect(client.getByText('No call.')).toBeVisible();
});

test('a call nobody took is missed, counted on the Phone tab, and marked reviewed', async () => {
  const phoneTab = staff.getByRole('banner').getByRole('tab', { name: /^Phone/ });
  // the calls to review already counted (the demo's missed calls among them)
  const toReview = async () => Number((await phoneTab.textContent())?.replace(/\D/g, '') || 0);
  const before = await toReview();
  await client.getByRole('button', { name: 'Call Agency' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await expect(staff.getByRole('button', { name: 'Place Call' })).toBeVisible();

  await expect.poll(toReview).toBe(before + 1);
  await staff.getByTitle('Missed', { exact: true }).click(); // the view, not a row's Missed tag
  const row = staff.getByRole('row').filter({ hasText: 'Hung up' }).first();
  await expect(row).toContainText('James Carter');
  await row.getByRole('button', { name: 'Mark reviewed' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Mark call as reviewed?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(row.getByRole('button', { name: 'Reviewed by Emma Ellis' })).toBeVisible();
  await expect.poll(toReview).toBe(before);
});

test('the menu sends a caller who presses 1 to the Sales group', async () => {
  await openCallSettings();
  await settings.getByLabel('Create Group').fill('Sales');
  await settings.getByLabel('Create Group').press('Enter');
  await expect(settings.getByText('Callers hear: “For Sales, press 1.”')).toBeVisible();
  await settings.getByRole('combobox', { name: 'Who rings' }).click();
  await settings.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Emma Ellis' }).click();
  await settings.keyboard.press('Escape');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Call Flow saved.')).toBeVisible();

  await client.getByRole('button', { name: 'Call Agency' }).click();
  await expect(client.getByRole('log', { name: 'What the line said' })).toContainText('For Sales, press 1.');
  await clientCall().getByRole('button', { name: 'Press 1' }).click();
  await staff.getByRole('button', { name: 'Answer Call' }).waitFor();
  await expect(staffCall()).toContainText('Sales');
  await staffCall()
    .getByRole('button', { name: /Answer$/ })
    .click();
  await expect(clientCall()).toContainText('Connected');
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await expect(staffCall()).toHaveCount(0);

  // The menu goes again, so Round Rock's calls ring as before.
  await settings.getByRole('button', { name: /Delete Sales/ }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Call Flow saved.').first()).toBeVisible();
});

test('a caller nobody answered waits in the queue with hold music; the employee takes the next call from the dashboard', async () => {
  // Round Rock rings only Adam, who is not signed in, and keeps callers in its queue.
  await openCallSettings();
  await settings.getByRole('combobox', { name: 'Who rings' }).click();
  await settings.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Adam Atkins' }).click();
  await settings.keyboard.press('Escape');
  await settings.getByRole('switch', { name: 'Call queue' }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Call Flow saved.').first()).toBeVisible();

  await staff.goto('/');
  const widget = staff.getByRole('listitem', { name: 'Round Rock queue' });
  await expect(widget).toContainText('0 waiting');
  await client.getByRole('button', { name: 'Call Agency' }).click();
  const line = client.getByRole('log', { name: 'What the line said' });
  await expect(line).toContainText('You are number 1 in line.');
  await expect(line).toContainText('Hold music: Busy Strings (Classical)');
  await expect(widget).toContainText('1 waiting');
  await expect(drawer().getByRole('tab', { name: /Queue/ })).toBeVisible();

  await widget.getByRole('button', { name: 'Take Next Call from Round Rock' }).click();
  await expect(staffCall()).toContainText('Connected');
  await expect(staffCall()).toContainText('James Carter');
  await Promise.all([hearsSound(staffCall()), hearsSound(clientCall())]);
  await expect(widget).toContainText('0 waiting');
  await clientCall().getByRole('button', { name: 'Hang Up' }).click();
  await expect(staffCall()).toHaveCount(0);

  // Round Rock rings its staff again, without a queue.
  await settings.getByRole('switch', { name: 'Call queue' }).click();
  await settings.getByRole('combobox', { name: 'Who rings' }).click();
  await settings.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Adam Atkins' }).click();
  await settings.keyboard.press('Escape');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Call Flow saved.').first()).toBeVisible();
});
