import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * The owner's numbers and campaigns: a number is bought from the local carrier's inventory, named
 * and put in Round Rock under the verified campaign, then released again; a campaign registered for
 * Round Rock (whose brand is not registered) is submitted, pending approval, then rejected with the
 * reason, and a reload shows it as it was.
 */
test('an owner buys a number, assigns it, registers a campaign and releases the number', async ({ page }) => {
  await signIn(page, 'owner@demo.test', { at: '/account/info/phonenumbers' });
  const main = page.getByRole('main');
  await expect(main.locator('[data-campaign]').filter({ hasText: 'Austin Client Care' })).toContainText('Verified');

  await main.getByRole('button', { name: /Port \/ Purchase/ }).click();
  const buy = page.getByRole('dialog', { name: 'Port / Purchase Phone Number' });
  await buy.getByLabel('Search', { exact: true }).fill('737');
  await buy.getByLabel('Search', { exact: true }).press('Enter');
  const first = buy.getByRole('list', { name: 'Available numbers' }).getByRole('listitem').first();
  const number = (await first.locator('strong').textContent())!.trim();
  expect(number).toMatch(/^\+1-737-\d{3}-\d{4}$/);
  await first.getByRole('button', { name: `Purchase ${number}` }).click();
  await expect(page.getByText(`${number} purchased.`)).toBeVisible();
  const card = main.locator(`[data-phone="${number.replace(/\D/g, '')}"]`);
  await expect(card).toContainText('No location (inactive)');
  // The plan's five numbers are used: buying another says so.
  await expect(main.getByRole('button', { name: /Port \/ Purchase/ })).toBeDisabled();

  await card.getByRole('button', { name: `Edit ${number}` }).click();
  const edit = page.getByRole('dialog', { name: `Update ${number}` });
  await edit.getByLabel('Friendly Name').fill('Round Rock Text Line');
  await edit.getByLabel('Location', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Round Rock"]').click();
  await edit.getByLabel('Campaign').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Austin Client Care (Verified)"]').click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone Number Round Rock Text Line updated')).toBeVisible();
  await expect(card).toContainText('Round Rock');
  await expect(card).toContainText('Campaign: Austin Client Care');

  await main.getByRole('button', { name: /Create Campaign/ }).click();
  const campaign = page.getByRole('dialog', { name: 'Message Campaign' });
  await campaign.getByLabel('Name').fill('Round Rock Service');
  await campaign.getByLabel('Location').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Round Rock"]').click();
  await campaign.getByRole('button', { name: 'Next' }).click();
  await campaign.getByLabel('Description').fill('Too short');
  await campaign.getByRole('button', { name: 'Submit' }).click();
  await expect(campaign.getByText('Description must be at least 40 characters')).toBeVisible();
  await campaign.getByLabel('Description').fill('Service conversations with existing clients of the Round Rock office.');
  const samples = [
    'Your auto policy renews on 12/01; reply with any questions.',
    'Your appointment is confirmed for Tuesday at 2 PM.',
    'We received your claim documents and will call you tomorrow.',
    'Your new ID cards are ready to pick up at the front desk.',
    'Thanks for choosing us! Let us know how we did today.',
  ];
  for (const [i, text] of samples.entries()) await campaign.getByLabel(`Sample Message ${i + 1}`).fill(text);
  await campaign.getByLabel('How Clients Consent').fill('Clients opt in on the intake form at the office or by texting us first.');
  await campaign.getByRole('button', { name: 'Submit' }).click();
  await expect(campaign).toBeHidden();
  const registered = main.locator('[data-campaign]').filter({ hasText: 'Round Rock Service' });
  await expect(registered).toContainText('Pending Approval');
  // The page follows the carriers' review.
  await expect(registered).toContainText('Rejected', { timeout: 15_000 });
  await expect(registered).toContainText("The location's brand is not registered.");
  // The submitted campaign and its review are kept: a reload shows them as they were.
  await page.reload();
  await expect(registered).toContainText('Rejected');
  await expect(registered).toContainText("The location's brand is not registered.");

  await card.getByRole('button', { name: `Release ${number}` }).click();
  await page.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(page.getByText(`${number} released`)).toBeVisible();
  await expect(card).toHaveCount(0);
});
