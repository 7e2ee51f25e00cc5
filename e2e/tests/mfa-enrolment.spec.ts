import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures';
import { expectDashboard, fillLogin, freshTotpCode, signIn } from '../support/app';

/**
 * MFA enrolment forced: once the owner requires MFA, everyone in the agency without it (the owner
 * too) can only set it up; an employee reaches the dashboard after confirming a code from the key
 * shown. Afterwards the super user puts the setting and the employee's MFA back for the others.
 */
const EMPLOYEE = 'employee2@demo.test';
const DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The super user's API session (its MFA code from the seeded secret). */
async function superToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from('super@demo.test:demo-password').toString('base64')}` },
    data: { account: DEMO_ACCOUNT_ID, code: await freshTotpCode() },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await superToken(request)}` };
  expect((await request.put(`/api/accounts/${DEMO_ACCOUNT_ID}`, { headers, data: { mfaRequired: false } })).ok()).toBe(true);
  const users = (await (await request.get('/api/users', { headers })).json()) as Array<{ id: string; email: string }>;
  const employee = users.find((u) => u.email === EMPLOYEE)!;
  expect((await request.put(`/api/users/${employee.id}/reset-mfa`, { headers })).ok()).toBe(true);
});

test('an employee without MFA is held at its setup until a code from the shown key confirms it', async ({ browser }) => {
  const owner: Page = await newPage(browser);
  await signIn(owner, 'owner@demo.test', { at: '/account/settings/general' });
  await owner.getByRole('switch', { name: 'MFA required for all employees' }).click();
  await owner.getByRole('button', { name: 'Save' }).click();
  // The owner has no MFA either: their own session is sent to set it up at once, and stays there.
  await expect(owner).toHaveURL(/\/mfa-setup/);
  await owner.goto('/contacts');
  await expect(owner).toHaveURL(/\/mfa-setup/);
  await owner.context().close();

  const page = await newPage(browser);
  await fillLogin(page, EMPLOYEE);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/mfa-setup/);
  await expect(page.getByText('Your agency requires a code from an authenticator app at sign-in. Set it up to continue.')).toBeVisible();
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/mfa-setup/);
  // A full load of the setup is a page of its own, which opens the app it loads behind itself.
  await page.reload();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();

  const key = (await page.getByTestId('mfa-key').innerText()).replace(/\s+/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and Continue' }).click();
  // On to where they were going, and everywhere else from there.
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByLabel('Search contacts')).toBeVisible();
  await page.goto('/');
  await expectDashboard(page);
  await page.context().close();
});
