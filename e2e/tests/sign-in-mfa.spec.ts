import { expect, test } from '../support/fixtures';
import { expectDashboard, fillLogin, freshTotpCode } from '../support/app';

test('super signs in with a TOTP code from the authenticator', async ({ page }) => {
  await fillLogin(page, 'super@demo.test');
  await page.getByRole('button', { name: 'Sign In' }).click();

  // The server answers '2fa required': the code step appears.
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();

  // A wrong code is refused and the field is cleared for another try.
  await code.fill('000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid code');
  await expect(code).toHaveValue('');

  await code.fill(await freshTotpCode());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectDashboard(page);
});
