import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn } from '../support/app';

test('the Urgent Tasks widget lists the setup still to do and links to where it is done', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const widget = page.getByRole('region', { name: 'Urgent Tasks' });
  await expect(widget.locator('[data-remote="admin"]')).toHaveAttribute('data-remote-state', 'mounted');
  const tasks = widget.getByRole('list', { name: 'Setup tasks' });
  // The demo agency has its locations and main number already: payment method and MFA are left.
  await expect(tasks.getByRole('listitem')).toHaveCount(2);
  await expect(widget.getByRole('link', { name: 'Add Location' })).toHaveCount(0);
  await expect(widget.getByRole('link', { name: 'Add Phone Number' })).toHaveCount(0);

  await widget.getByRole('link', { name: 'Set Up MFA' }).click();
  await expect(page).toHaveURL(/\/profile\/mfa$/);
  await expectRemoteMounted(page, 'admin');
  await expect(page.getByRole('main').getByRole('button', { name: 'Set Up MFA' })).toBeVisible();
});

test('an employee sees no Urgent Tasks', async ({ page }) => {
  await signIn(page, 'multi@demo.test', { account: 'Demo Insurance Agency' });
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Urgent Tasks' })).toHaveCount(0);
});

test('the widgets below the first screen wait for it in the place kept for them, then are drawn', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const stats = page.getByRole('region', { name: 'Employee Stats' });
  await expect(stats.locator('[data-remote="admin"]')).toHaveAttribute('data-remote-state', 'mounted');
  // the page says when it is complete (the areas' code is readied after that)
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('page-complete').length)).toBe(1);
});
