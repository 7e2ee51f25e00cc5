// What the journeys do again and again, through the labels and roles a person sees.
import { expect, type Locator, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { dataDir } from './env';

export const PASSWORD = 'demo-password';
export const DEMO_ACCOUNT = 'Demo Insurance Agency';
export const SUPER_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const totp = new TOTP({ secret: Secret.fromBase32(SUPER_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' });

interface SignInOptions {
  password?: string;
  account?: string;
  /** A signed-in page to open instead of the dashboard, as a link to it does when signed out (/login?redirect=…). */
  at?: string;
}

/** Fills the login form; the account is chosen in the Account select when the email has several. */
export async function fillLogin(page: Page, email: string, opts: SignInOptions = {}) {
  await page.goto(opts.at ? `/login?redirect=${encodeURIComponent(opts.at)}` : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(opts.password ?? PASSWORD);
  const account = page.getByRole('combobox', { name: 'Account' });
  // The email's accounts are looked up as it is typed; one account is chosen for you.
  if (opts.account) {
    await expect(account.getByRole('option', { name: opts.account, exact: true })).toBeAttached({ timeout: 10_000 });
    await account.selectOption({ label: opts.account });
    await expect(account.locator('option:checked')).toHaveText(opts.account);
  } else {
    await expect(account).not.toHaveValue('', { timeout: 10_000 });
  }
}

/**
 * Signs in through the login page and waits for the dashboard, or with `at` for that page (the
 * dashboard is then never drawn: a journey that works elsewhere does not pay for it).
 */
export async function signIn(page: Page, email: string, opts: SignInOptions = {}) {
  await fillLogin(page, email, opts);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const at = opts.at;
  if (at) await expect(page).toHaveURL((url) => url.pathname + url.search === at);
  else await expectDashboard(page);
}

export async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(topTab(page, 'Dashboard')).toHaveAttribute('aria-selected', 'true');
}

/** The dashboard with every widget drawn: those below the first screen come after it (the shell marks 'page-complete'), then none is loading. */
export async function expectDashboardComplete(page: Page) {
  await expectDashboard(page);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('page-complete').length)).toBe(1);
  await expect(page.locator('[data-remote-state="loading"]')).toHaveCount(0);
}

/** A tab of the top navigation by its label; a tab's name also carries its badge's count ('Team 3'). */
export const topTab = (page: Page, name: string): Locator =>
  page.getByRole('banner').getByRole('tab', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: \\d+\\+?)?$`) });

/** The routed area of a remote (the main region), not a widget or the phone drawer elsewhere. */
export const remoteArea = (page: Page, remote: string): Locator =>
  // The dashboard's widgets are parcels of remotes too: while it is still leaving, they are not the route.
  page.getByRole('main').locator(`xpath=.//*[@data-remote="${remote}" and not(ancestor::*[@data-testid="dashboard"])]`);

/** Waits until a remote's route has mounted and rendered something other than an error. */
export async function expectRemoteMounted(page: Page, remote: string) {
  const area = remoteArea(page, remote);
  await expect(area).toHaveAttribute('data-remote-state', 'mounted');
  await expect(area).toContainText(/\S/);
  await expect(area).not.toContainText(/could not be loaded|stopped working/);
}

/**
 * Opens a signed-in page as a link in the app does: the router takes it, with no reload (what a walk
 * through many pages wants when a full load of each is not what it checks). Returns once the page's
 * remote has mounted and draws something other than what its area drew before.
 */
export async function openInApp(page: Page, path: string, remote: string): Promise<void> {
  const area = remoteArea(page, remote);
  const before = (await area.count()) === 1 && new URL(page.url()).pathname !== path ? await area.innerText() : null;
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expectRemoteMounted(page, remote);
  if (before !== null) await expect.poll(() => area.innerText()).not.toBe(before);
}

/**
 * Opens a contact's record from the contact list: searches, and clicks the contact once the list
 * shows only what was searched (a click while the list still shows every contact lands on a row
 * that the search results then move away).
 */
export async function openContactFromList(page: Page, search: string, name: RegExp): Promise<void> {
  await page.getByLabel('Search contacts').fill(search);
  const list = page.getByTestId('contact-list');
  await expect(list.getByTestId('contact-row').filter({ hasNotText: search })).toHaveCount(0);
  await list.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
}

/**
 * The current TOTP code of the demo super user. Codes are single-use on the server, so the ones
 * time steps already used in this run (a retry included) are kept in the data dir and skipped.
 */
export async function freshTotpCode(): Promise<string> {
  const file = join(dataDir(), 'e2e-used-totp-steps.json');
  const used = new Set<number>(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as number[]) : []);
  const periodMs = totp.period * 1000;
  while (used.has(Math.floor(Date.now() / periodMs))) {
    await new Promise((r) => setTimeout(r, periodMs - (Date.now() % periodMs) + 200));
  }
  const now = Date.now();
  used.add(Math.floor(now / periodMs));
  writeFileSync(file, JSON.stringify([...used]));
  return totp.generate({ timestamp: now });
}
