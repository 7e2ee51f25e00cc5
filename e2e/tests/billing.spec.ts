import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * The owner's billing on the local ledger: the demo agency's last invoice is open with no card on
 * file. A declined test card is refused, a good one becomes the default (the setup checklist loses
 * its payment step), the open invoice is paid, and the card is deleted again (what the other
 * journeys expect of the demo agency).
 */
test('an owner adds a card (a declined one is refused), pays the open invoice and removes the card', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const urgent = page.getByRole('region', { name: 'Urgent Tasks' }).getByRole('list', { name: 'Setup tasks' });
  await expect(urgent.getByRole('listitem')).toHaveCount(2);
  const balance = page.getByRole('region', { name: 'Account Balance' });
  await expect(balance.getByText('Automatic payment off')).toBeVisible();

  await urgent.getByRole('link', { name: 'Add Payment Method' }).click();
  await expect(page).toHaveURL(/\/account\/info\/billing$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
  const open = main.locator('tr[data-status="pastDue"], tr[data-status="open"]').filter({ has: page.getByRole('button', { name: /Pay invoice/ }) });
  await expect(open).toHaveCount(1);
  const total = (await open.locator('td').nth(5).textContent())!.trim();

  await main.getByRole('tab', { name: 'Payment Methods' }).click();
  await main.getByRole('button', { name: /Add Payment Method/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Payment Method' });
  await dialog.getByLabel('Card Number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('CVC').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = main.locator('[data-payment-method]').filter({ hasText: 'Visa •••• 4242' });
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Expires 12/30');

  await main.getByRole('tab', { name: 'Invoices' }).click();
  await open.getByRole('button', { name: /Pay invoice/ }).click();
  const pay = page.getByRole('dialog', { name: 'Pay Invoice' });
  await expect(pay).toContainText(total);
  await expect(pay.getByText('Visa •••• 4242 (default)')).toBeVisible();
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText(`Paid ${total}`)).toBeVisible();
  await expect(main.locator('tr[data-status="paid"]')).toHaveCount(3);
  await expect(main.getByRole('button', { name: /Pay invoice/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  await expect(urgent.getByRole('listitem')).toHaveCount(1);
  await expect(balance.getByText('Automatic payment on')).toBeVisible();

  // The card goes again: the demo agency is back to no payment method.
  await page.goto('/account/info/billing?tab=payment-methods');
  await main.getByRole('button', { name: 'Delete Visa •••• 4242' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByText('Missing Payment Method. Please enter and/or select default payment method')).toBeVisible();
});
