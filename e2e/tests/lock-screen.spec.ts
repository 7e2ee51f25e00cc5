import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, PASSWORD, signIn, topTab } from '../support/app';

test('locking the screen asks for the password again and returns to the page', async ({ page }) => {
  await signIn(page, 'owner@second.test');
  await topTab(page, 'Contacts').click();
  await expectRemoteMounted(page, 'contacts');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Lock' }).click();

  const lock = page.getByRole('dialog');
  const password = lock.getByLabel('Password');
  await expect(password).toBeVisible();
  await expect(lock.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(lock.getByRole('button', { name: 'Logout' })).toBeVisible();

  // A wrong password: an alert, and the field is cleared.
  await password.fill('not-the-password');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByRole('alert')).toBeVisible();
  await expect(password).toHaveValue('');

  await password.fill(PASSWORD);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(page).toHaveURL(/\/contacts$/);
  await expectRemoteMounted(page, 'contacts');
});
