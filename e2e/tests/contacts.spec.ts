import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openContactFromList, signIn } from '../support/app';

/**
 * The contacts journey: a household with a co-applicant and every kind of record, a note with an
 * image made sticky, a follow-up on the dashboard widget, tags, favorites, search and letters, then
 * split, merge and delete with promotion. One page for the whole journey, step by step.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
const PRIMARY = { first: 'Quinn', last: `Zephyr${stamp}` };
const CO = { first: 'Rowan', last: `Zephyr${stamp}` };
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let page: Page;
let contactUrl = '';

/** Opens a record tab of the contact; a click that lands while the page re-renders after a save can leave it unselected, so click until it is. */
async function openTab(name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

/** The dialog that is open now. */
const dialog = (p: Page, name: string | RegExp) => p.getByRole('dialog', { name });
/** A confirmation (the shell's, or the remote's own when run alone): answer Yes. */
async function confirmYes(p: Page) {
  await p
    .getByRole('button', { name: /^(Yes|OK)$/ })
    .last()
    .click();
}
/** Picks an option of an antd select or autocomplete by its visible text. */
async function choose(p: Page, text: string) {
  await p.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).first().click();
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test('creates a household with a co-applicant', async () => {
  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  await expect(page.getByTestId('contacts-title')).toHaveText('Contacts');
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/new$/);
  await page.locator('#firstName').fill(PRIMARY.first);
  await page.locator('#lastName').fill(PRIMARY.last);
  await page.locator('#mobilePhone').fill('5125559876');
  await expect(page.locator('#mobilePhone')).toHaveValue('+1 (512) 555-9876');
  await page.locator('#email').fill(`quinn.${stamp}@example.com`);
  await page.getByRole('tab', { name: 'Co-Applicant' }).click();
  await page.locator('#coFirstName').fill(CO.first);
  await page.locator('#coLastName').fill(CO.last);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  contactUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('name-primary')).toHaveText(`${PRIMARY.first} ${PRIMARY.last}`);
  await expect(page.getByTestId('name-secondary')).toHaveText(`${CO.first} ${CO.last}`);
});

test('adds an address, a dependent and a policy', async () => {
  await openTab('Address');
  await page.getByRole('button', { name: 'Add Address' }).click();
  const address = dialog(page, 'Add Address');
  await address.getByLabel('Address', { exact: true }).fill('42 Galaxy Way');
  await address.getByLabel('City').fill('Austin');
  await address.getByLabel('State').fill('tx');
  await address.getByLabel('Zip Code').fill('78701');
  await address.getByLabel('Zip Code').press('Enter');
  await expect(page.getByTestId('address-card').filter({ hasText: '42 Galaxy Way' })).toContainText('Austin, TX 78701');

  await page.getByRole('button', { name: 'Add Dependent' }).click();
  const dep = dialog(page, 'Add Dependent');
  await dep.getByLabel('First Name').fill('Sky');
  await dep.getByLabel('Last Name').fill(PRIMARY.last);
  await dep.getByLabel('Relationship').fill('Son');
  await dep.getByLabel('Date of Birth').fill('04012012');
  await dep.getByLabel("Driver's License").fill('TXDL90210');
  await dep.getByRole('button', { name: 'Save' }).click();
  const sky = page.getByTestId('dependent-card').filter({ hasText: 'Sky' });
  await expect(dep).toBeHidden();
  // The birth date and the licence are sealed: masked on the card until their eye buttons reveal them.
  await expect(sky).toContainText('**/**/2012');
  await expect(sky).not.toContainText('04/01/2012');
  await sky.getByRole('button', { name: `Reveal Date of Birth of Sky ${PRIMARY.last}` }).click();
  await expect(sky).toContainText('04/01/2012');
  await expect(sky).toContainText('****0210');
  await expect(sky).not.toContainText('TXDL90210');
  await sky.getByRole('button', { name: `Reveal Driver's License of Sky ${PRIMARY.last}` }).click();
  await expect(sky).toContainText('TXDL90210');

  await openTab('Policy');
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const policy = dialog(page, 'Add Policy');
  await policy.getByLabel('Type').fill('Auto');
  await policy.getByLabel('Company').fill('Lone Star Mutual');
  // Typed as dollars: 1250 is $1,250.00 (not $12.50).
  await policy.getByLabel('Premium').pressSequentially('1250');
  await policy.getByLabel('Notes').focus();
  await expect(policy.getByLabel('Premium')).toHaveValue('1,250.00');
  await policy.getByLabel('Notes').fill('Renews each March');
  await policy.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('policy-card').filter({ hasText: 'Lone Star Mutual' })).toContainText('$1,250.00');
  await expect(page.getByTestId('summary-Policies')).toContainText('1');
  await expect(page.getByTestId('summary-Policy Premiums')).toContainText('$1,250.00');
});

test('adds a vehicle found by its VIN, a home and a commercial account', async () => {
  await openTab('Auto');
  await page.getByRole('button', { name: 'Add Auto' }).click();
  const vehicle = dialog(page, 'Add Vehicle');
  await vehicle.getByLabel('VIN').fill('1HGCM8');
  await expect(vehicle.getByText('Most VINS are 17 digits long')).toBeVisible();
  await vehicle.getByLabel('VIN').fill('1HGCM82633A004352');
  await vehicle.getByLabel('VIN').blur();
  await expect(vehicle.getByLabel('Make')).toHaveValue('Honda');
  await expect(vehicle.getByLabel('Model')).toHaveValue('Accord');
  await vehicle.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('vehicle-card').filter({ hasText: '2003 Honda Accord' })).toBeVisible();

  await openTab('Home');
  await page.getByRole('button', { name: 'Add Home' }).click();
  const home = dialog(page, 'Add Home');
  await home.locator('#address').fill('42 Galaxy Way');
  await home.getByLabel('Year Built').fill('1998');
  await home.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('home-card').filter({ hasText: '42 Galaxy Way' })).toContainText('1998');

  await openTab('Commercial');
  await page.getByRole('button', { name: 'Add Commercial' }).click();
  const commercial = dialog(page, 'Add Commercial');
  await commercial.getByLabel('Company Name').fill('Zephyr Kites LLC');
  await commercial.getByLabel('Employees').fill('4');
  await commercial.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('commercial-card').filter({ hasText: 'Zephyr Kites LLC' })).toBeVisible();
});

test('adds a note with an image and makes it sticky', async () => {
  const feed = page.getByTestId('activity-feed');
  await page.getByTestId('note-image-input').setInputFiles({ name: 'kite.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(feed.getByRole('img', { name: 'Attached image' })).toBeVisible();
  await feed.getByLabel('Note', { exact: true }).fill('Wants a kite shop policy quote');
  await feed.getByLabel('Note', { exact: true }).press('Enter');
  const item = feed.getByTestId('activity-item').filter({ hasText: 'Wants a kite shop policy quote' });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: 'Note image' })).toHaveAttribute('src', /^data:image\/webp/);
  await item.getByRole('button', { name: 'Make note sticky' }).click();
  await expect(page.getByTestId('sticky-note').filter({ hasText: 'Wants a kite shop policy quote' })).toBeVisible();
});

test('assigns a tag and marks the contact a favorite', async () => {
  await page.getByRole('button', { name: 'Assign Tags' }).first().click();
  const tags = dialog(page, 'Assign Tags');
  await tags.getByRole('checkbox', { name: 'VIP' }).check();
  await tags.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('assigned-tags')).toContainText('VIP');
  await page.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfavorite', exact: true })).toBeVisible();
});

test('sets the default location, shown in the summary strip, and shows rating stars', async () => {
  const location = page.getByTestId('summary-Location');
  await expect(location).toContainText('-');
  await expect(page.getByTestId('card-primary').getByRole('img', { name: 'No rating yet' })).toBeVisible();
  await location.getByRole('button', { name: 'Update Default Location' }).click();
  const dlg = dialog(page, 'Update Default Location');
  await dlg.getByLabel('Default Location').click();
  const options = page.locator('.ant-select-dropdown:visible');
  await expect(options.getByTitle('Austin - Austin Main', { exact: true })).toBeVisible();
  await expect(options.getByTitle(/Spare Line/)).toHaveCount(0);
  await choose(page, 'Round Rock - Round Rock Main');
  await dlg.getByRole('button', { name: 'Save' }).click();
  await expect(dlg).toBeHidden();
  await expect(location).toContainText('Round Rock');

  // a client who answered a service review shows its stars
  await page.getByRole('button', { name: 'Back to contacts' }).click();
  await openContactFromList(page, 'Carter', /James Carter/);
  await expect(page.getByTestId('card-primary').getByRole('img', { name: 'Rated 5 of 5' })).toBeVisible();
  await expect(page.getByTestId('card-secondary').getByRole('img', { name: 'No rating yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to contacts' }).click();
  await openContactFromList(page, PRIMARY.last, new RegExp(`${PRIMARY.first} ${PRIMARY.last}`));
  await expect(page).toHaveURL(new RegExp(`${contactUrl}$`));
  await expect(page.getByTestId('summary-Location')).toContainText('Round Rock');
});

test('schedules a follow-up that shows on the dashboard widget', async () => {
  await page.getByRole('button', { name: 'Follow Up' }).first().click();
  const fu = dialog(page, 'Follow Up');
  const later = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await fu.getByLabel('Date').fill(`${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T10:15`);
  await fu.getByLabel('Note').fill(`Call ${PRIMARY.first} about the kite shop`);
  await fu.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('followup-item').filter({ hasText: `Call ${PRIMARY.first} about the kite shop` })).toBeVisible();

  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  const widget = page.getByTestId('followup-widget');
  // three days out is in the Future bucket whatever the account's time zone
  await widget.getByTestId('bucket-future').click();
  await expect(widget.getByTestId('widget-followup').filter({ hasText: PRIMARY.last })).toContainText(`Call ${PRIMARY.first} about the kite shop`);
});

test('finds the contact by search, by letter and among favorites', async () => {
  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  const list = page.getByTestId('contact-list');
  await page.getByLabel('Search contacts').fill('555-9876');
  await expect(list.getByRole('link', { name: new RegExp(`${PRIMARY.first} ${PRIMARY.last}`) })).toBeVisible();
  await page.getByLabel('Search contacts').fill('');
  await page.getByRole('tab', { name: 'Letter Q' }).click();
  await expect(list.getByRole('link', { name: new RegExp(`${PRIMARY.first} ${PRIMARY.last}`) })).toBeVisible();
  await page.getByRole('tab', { name: 'Favorites' }).click();
  await expect(list.getByRole('link', { name: new RegExp(`${PRIMARY.first} ${PRIMARY.last}`) })).toBeVisible();
});

test('splits the co-applicant into a new contact and merges it back', async () => {
  await page.goto(contactUrl);
  await page.getByRole('button', { name: `More actions for ${CO.first} ${CO.last}` }).click();
  await page.getByRole('menuitem', { name: 'Split Contact' }).click();
  const split = dialog(page, 'Split Contact');
  await split.getByRole('button', { name: 'Split', exact: true }).click();
  await confirmYes(page);
  await expect(page).not.toHaveURL(contactUrl);
  await expect(page.getByTestId('name-primary')).toHaveText(`${CO.first} ${CO.last}`);
  await expect(page.getByRole('button', { name: 'Add Co-Applicant' })).toBeVisible();

  await page.getByRole('button', { name: 'Merge' }).first().click();
  const merge = dialog(page, 'Merge Contact');
  await merge.getByLabel('Merge Into').fill(PRIMARY.first);
  await choose(page, `${PRIMARY.first} ${PRIMARY.last}`);
  await merge.getByRole('radio', { name: 'As secondary' }).check();
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await confirmYes(page);
  await expect(page).toHaveURL(contactUrl);
  await expect(page.getByTestId('name-secondary')).toHaveText(`${CO.first} ${CO.last}`);
});

test('deletes the primary and the co-applicant is promoted', async () => {
  await page.getByRole('button', { name: 'Delete' }).first().click();
  const del = dialog(page, 'Delete Contact');
  await expect(del).toContainText(`${CO.first} ${CO.last} becomes the primary`);
  const code = await del.getByTestId('confirm-code').textContent();
  await del.getByLabel(/to confirm/).fill(code ?? '');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('name-primary')).toHaveText(`${CO.first} ${CO.last}`);
  await expect(page.getByRole('button', { name: 'Add Co-Applicant' })).toBeVisible();
});
