import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * A location registered for texting: the owner creates it through the seven steps, the carrier's
 * review rejects it (a PO Box, a website that is not the business's), the owner fixes both beside
 * the reasons shown, submits again and is approved, then registers the brand.
 */
async function choose(page: Page, field: Locator, option: string, search = false) {
  await field.click();
  // Long lists are virtualised: searchable ones are narrowed first.
  if (search) await field.fill(option);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test('an owner creates a location, sees it rejected, fixes it and gets it and its brand approved', async ({ page }) => {
  const name = `Georgetown ${Date.now().toString(36).slice(-4)}`;
  await signIn(page, 'owner@demo.test', { at: '/account/info/locations' });
  await page.getByRole('button', { name: /Create Location/ }).click();
  const d = page.getByRole('dialog', { name: 'Create Location' });

  await d.getByLabel('Name').fill(name);
  await d.getByLabel('Timezone').fill('America/Chicago');
  await d.getByRole('button', { name: 'Save & Next' }).click();
  const wizard = page.getByRole('dialog', { name: `Update ${name}` });

  await wizard.getByLabel('Legal Name').fill('Demo Insurance Agency LLC');
  await wizard.getByLabel('Address', { exact: true }).fill('PO Box 500');
  await wizard.getByLabel('City').fill('Georgetown');
  await choose(page, wizard.getByLabel('State'), 'TX', true);
  await wizard.getByLabel('Zip Code').fill('78626');
  await wizard.getByRole('button', { name: 'Save & Next' }).click();

  await wizard.getByLabel('Business Name').fill('Demo Insurance Agency');
  await choose(page, wizard.getByLabel('Business Type'), 'Limited Liability Corporation');
  await choose(page, wizard.getByLabel('Industry'), 'Insurance', true);
  await choose(page, wizard.getByLabel('ID Type'), 'EIN');
  await wizard.getByLabel('Registration Number').fill('12-3456789');
  await wizard.getByLabel('Website').fill('https://bestquotes.example');
  await wizard.getByRole('button', { name: 'Save & Next' }).click();

  await wizard.getByLabel('First Name').fill('Olivia');
  await wizard.getByLabel('Last Name').fill('Owens');
  await wizard.getByLabel('Email').fill('olivia@demoinsurance.example');
  await wizard.getByLabel('Business Title').fill('Owner');
  await choose(page, wizard.getByLabel('Job Position'), 'CEO');
  await wizard.getByLabel('Phone Number').fill('15125550100');
  await wizard.getByRole('button', { name: 'Save & Next' }).click();
  await wizard.getByRole('button', { name: 'Skip' }).click();

  // Review: evaluated and submitted on arrival, then the carrier's review refuses it.
  const fixes = wizard.getByRole('list', { name: 'What to fix' });
  await expect(fixes).toContainText('The website does not match the business name.', { timeout: 15_000 });
  await expect(fixes).toContainText('A PO Box cannot be the business address.');

  await fixes.getByRole('button', { name: 'Fix in Business' }).click();
  await expect(wizard.getByText('The website does not match the business name.')).toBeVisible();
  await wizard.getByLabel('Website').fill('https://demoinsurance.example');
  await wizard.getByRole('button', { name: 'Save & Next' }).click();
  await expect(wizard.getByLabel('First Name')).toHaveValue('Olivia');
  await wizard
    .getByRole('button', { name: /Address/ })
    .first()
    .click();
  await wizard.getByLabel('Address', { exact: true }).fill('500 W University Ave');
  await wizard.getByRole('button', { name: 'Save & Next' }).click();
  // saved once the wizard moves on: the review then reads the new address
  await expect(wizard.getByLabel('Business Name')).toHaveValue('Demo Insurance Agency');
  await wizard
    .getByRole('button', { name: /Review/ })
    .first()
    .click();

  await expect(wizard.getByText('Your profile submission was approved.')).toBeVisible({ timeout: 15_000 });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await choose(page, wizard.getByLabel('Brand Type'), 'Private');
  await wizard.getByRole('button', { name: 'Submit Brand' }).click();
  await expect(wizard.getByText('Brand was approved')).toBeVisible({ timeout: 15_000 });
  await wizard.getByRole('button', { name: 'Close' }).click();

  const card = page.locator('[data-location]').filter({ hasText: name });
  await expect(card).toContainText('America/Chicago');
  await expect(card.getByText('In Progress')).toHaveCount(0);
});
