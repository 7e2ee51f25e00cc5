import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * Per-location settings and service reviews: the owner sets Austin's Monday hours and a holiday and
 * finds them after a reload, sets Austin's text signature, and turns service reviews off (the
 * dashboard's Service Reviews widget goes) and on again (it comes back).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const main = () => page.getByRole('main');
const settingsTab = (name: string) => page.getByRole('navigation', { name: 'Settings sections' }).getByRole('menuitem', { name, exact: true });
const toast = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();
const saveButton = () => main().getByRole('button', { name: 'Save', exact: true });
/** With E2E_SCREENSHOTS set, the page at 1280 wide, light then dark (the footer's Dark mode button). */
const shot = async (name: string) => {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.setViewportSize({ width: 1280, height: 1500 });
  const dark = page.getByRole('button', { name: 'Dark mode' });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-light.png` });
  await dark.click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-dark.png` });
  await dark.click();
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** Picks a location in the settings' selector (the demo agency has Austin and Round Rock). */
async function chooseLocation(name: string) {
  await main().getByLabel('Location', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${name} (America/Chicago)`, { exact: true }).click();
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test("Office Hours: Austin's Monday hours and a holiday survive a reload", async () => {
  await page.goto('/account/settings/office-hours');
  await expect(settingsTab('Office Hours')).toHaveClass(/ant-menu-item-selected/);
  await chooseLocation('Austin');
  await expect(saveButton()).toBeDisabled();

  await main().getByRole('switch', { name: 'Monday open' }).click();
  await main().getByLabel('Monday opens at').fill('08:30');
  await main().getByLabel('Monday closes at').fill('17:15');
  await main().getByLabel('Closed on holidays').click();
  await page.keyboard.type('Independence');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Independence Day', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot('office-hours');
  await saveButton().click();
  await expect(toast('Office Hours Updated.')).toBeVisible();
  await expect(saveButton()).toBeDisabled();

  await page.reload();
  await chooseLocation('Austin');
  await expect(main().getByRole('switch', { name: 'Monday open' })).toBeChecked();
  await expect(main().getByLabel('Monday opens at')).toHaveValue('08:30');
  await expect(main().getByLabel('Monday closes at')).toHaveValue('17:15');
  await expect(main().locator('.ant-select-selection-item, .ant-select-selection-item-content').filter({ hasText: 'Independence Day' }).first()).toBeVisible();
  // Round Rock keeps its own (empty) hours.
  await chooseLocation('Round Rock');
  await expect(main().getByRole('switch', { name: 'Monday open' })).not.toBeChecked();
});

test("Messages: Austin's signature is saved and read back", async () => {
  await settingsTab('Messages').click();
  await expect(page).toHaveURL(/\/account\/settings\/messages$/);
  await chooseLocation('Austin');
  const signature = `- The Austin office ${Date.now().toString(36).slice(-4)}`;
  await main().getByLabel('Signature').fill(signature);
  await shot('messages');
  await saveButton().click();
  await expect(toast('Message settings saved.')).toBeVisible();
  await page.reload();
  await chooseLocation('Austin');
  await expect(main().getByLabel('Signature')).toHaveValue(signature);
});

test('Service Review: off hides the dashboard widget, on brings it back', async () => {
  const widget = page.getByRole('region', { name: 'Service Reviews' });
  const setEnabled = async (on: boolean) => {
    await page.goto('/account/settings/service-review');
    const toggle = main().getByRole('switch', { name: 'Service reviews enabled' });
    await expect(toggle).toBeChecked({ checked: !on });
    await toggle.click();
    await shot(`service-review-${on ? 'on' : 'off'}`);
    await saveButton().click();
    await expect(toast('Account service review settings saved.')).toBeVisible();
    await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  };

  await setEnabled(false);
  await expect(page.getByRole('region', { name: 'Urgent Tasks' })).toBeVisible();
  await expect(widget).toBeHidden();
  await setEnabled(true);
  await expect(widget).toBeVisible();
});
