import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * The owner's audit log: a refused sign-in of an employee shows in Settings > Audit Log with the
 * email tried, the filters narrow the trail on the server, and Export CSV downloads what they
 * match, which the trail then records too.
 */
const DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

test('an owner finds a refused sign-in in the audit log, filters to it and exports it', async ({ page, request }) => {
  const refused = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from('employee2@demo.test:not-the-password').toString('base64')}` },
    data: { account: DEMO_ACCOUNT_ID },
  });
  expect(refused.status()).toBe(401);

  await signIn(page, 'owner@demo.test', { at: '/account/settings' });
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('menuitem', { name: 'Audit Log' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  // The owner's own sign-in is the newest event.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('Signed in');

  await main.getByLabel('Category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Sign-in', { exact: true }).click();
  await main.getByRole('searchbox').fill('employee2@demo.test');
  await main.getByRole('searchbox').press('Enter');
  const failed = rows.filter({ hasText: 'Sign-in failed' }).first();
  await expect(failed).toContainText('Sign-in as employee2@demo.test: Invalid email and password combination');
  await expect(failed).toContainText('Not signed in');
  await expect(rows.filter({ hasNotText: 'employee2@demo.test' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(header).toBe('When (UTC),Action,Category,By,Acting as,Record type,Record,Record id,Detail,Address');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/,Sign-in,.*employee2@demo\.test/);

  // The export is in the trail too.
  await main.getByLabel('Category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Exports', { exact: true }).click();
  await main.getByRole('searchbox').fill('');
  await main.getByRole('searchbox').press('Enter');
  await expect(rows.filter({ hasText: 'Audit log exported' }).first()).toContainText('category Sign-in, words "employee2@demo.test"');
});
