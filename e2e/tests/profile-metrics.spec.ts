import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn } from '../support/app';

const EMMA = '00000000-0000-4000-9000-000000000003';
const stamp = Date.now().toString(36).slice(-5);

/** The number a metric card shows. */
async function cardValue(page: Page, title: string): Promise<number> {
  const value = page.getByRole('region', { name: title, exact: true }).locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/\d/);
  return Number((await value.innerText()).replace(/[^\d]/g, ''));
}

test('an owner sees the team on Employee Stats, acts as an employee from their card, counts what they do on their profile, and comes back', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  const widget = page.getByRole('region', { name: 'Employee Stats' });
  await expect(widget.getByRole('row', { name: /Olivia Owens/ })).toBeVisible();
  await expect(widget.getByRole('row', { name: /Emma Ellis/ })).toBeVisible();

  await page.goto('/account/settings/employees');
  await expectRemoteMounted(page, 'admin');
  await expect(page.getByRole('button', { name: 'Act as Olivia Owens' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Act as Emma Ellis' }).click();
  await page.getByRole('button', { name: 'Act as', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Profile menu for Emma Ellis/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Emma Ellis' })).toBeVisible();
  await expect(page.getByLabel('User')).toHaveCount(0);
  const before = await cardValue(page, 'Contacts');

  await page.getByRole('tab', { name: 'Contacts', exact: true }).click();
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.locator('#firstName').fill('Metric');
  await page.locator('#lastName').fill(`Counted${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Emma Ellis' })).toBeVisible();
  await expect.poll(() => cardValue(page, 'Contacts')).toBe(before + 1);

  await page.getByRole('button', { name: /^Profile menu for Emma Ellis/ }).click();
  await page.getByRole('menuitem', { name: 'Stop ghosting' }).click();
  await expect(page.getByRole('button', { name: /^Profile menu for Olivia Owens/ })).toBeVisible();

  // The owner looks at Emma's month through the user switcher's address.
  await page.goto(`/profile/${EMMA}`);
  await expect(page.getByRole('heading', { name: 'Emma Ellis' })).toBeVisible();
  await expect(page.getByLabel('User')).toBeVisible();
  await expect.poll(() => cardValue(page, 'Contacts')).toBe(before + 1);
});
