import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, PASSWORD, signIn } from '../support/app';

// A 2 x 2 PNG: enough for the browser to decode, crop and encode.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');
const NEW_PASSWORD = 'brand-new-passphrase';

async function changePassword(page: Page, from: string, to: string) {
  await page.goto('/profile/change-password');
  await expectRemoteMounted(page, 'admin');
  await page.getByLabel('Current Password').fill(from);
  await page.getByLabel('New Password').fill(to);
  await page.getByLabel('Confirm Password').fill(to);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password Updated')).toBeVisible();
}

test('an employee crops and saves a new photo, seen in the menu, and changes their password', async ({ page, browser }) => {
  await signIn(page, 'employee2@demo.test');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Photo' }).click();
  await expect(page).toHaveURL(/\/profile\/avatar$/);
  await page.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /Picture crop/ })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Scale' })).toHaveAttribute('aria-valuenow', '1.2');
  await page.getByRole('button', { name: 'Rotate right' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Picture saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture of Ethan Evans' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(page.getByRole('button', { name: /^Profile menu/ }).locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  await changePassword(page, PASSWORD, NEW_PASSWORD);
  const other = await browser.newPage();
  try {
    await signIn(other, 'employee2@demo.test', { password: NEW_PASSWORD });
  } finally {
    await other.close();
  }
  // The newer sign-in ended this one (it is sent to /login): sign in again and put the old password back.
  await page.waitForURL(/\/login\?reason=/);
  await signIn(page, 'employee2@demo.test', { password: NEW_PASSWORD });
  await changePassword(page, NEW_PASSWORD, PASSWORD);
});
