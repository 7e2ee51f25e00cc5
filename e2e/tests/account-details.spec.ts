import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn } from '../support/app';

const suite = `Suite ${Date.now() % 1000}`;

test('an owner opens Account on its Settings, is told what is wrong, saves the agency details and finds them after a reload', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account\/info\/settings$/);
  await expectRemoteMounted(page, 'admin');
  await expect(page.getByLabel('Legal Name')).toHaveValue('Demo Insurance Agency LLC');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByLabel('Address 2').fill(suite);
  await page.getByLabel('Website').fill('demoinsurance');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a full address starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://www.demoinsurance.example');
  await page.getByLabel('Website').press('Enter');
  await expect(page.getByText('Account details saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('Address 2')).toHaveValue(suite);
  await expect(page.getByLabel('Website')).toHaveValue('https://www.demoinsurance.example');
});
