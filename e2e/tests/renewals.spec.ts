import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PASSWORD, signIn } from '../support/app';
import { templateDir } from '../support/env';
import { dataDirFromTemplate, runRenewalsDay, startServer, type RunningServer } from '../support/server';

/**
 * Renewals on their own: the owner chooses when renewals start and the board they go to; the day's
 * run happens while the journey's own server is down (as the scheduled-text journey lets time
 * pass); then the employee finds the follow-up and the card, marks the renewal contacted and then
 * renewed with the new term date, and the dashboard's figures move.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = '00000000-0000-4000-8000-000000000001';
const BOARD = 'Renewal calls';
const WHAT = 'Workers Comp #PG-WC-1207';
let dataDir: string;
let server: RunningServer;

// on free ports the system chooses (the workers' servers keep theirs); a restart takes the same ones
const start = () => startServer({ ...server?.ports, dataDir, timeoutMs: 150_000, logFile: join(__dirname, '..', 'reports', 'server-renewals.log') });

async function signedIn(browser: Browser, email: string, at?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, { at });
  return page;
}

const us = (t: number) => {
  const d = new Date(t);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

test.beforeAll(async () => {
  // its server seeds the demo agency as it starts: on a busy machine that takes more than a journey's minute
  test.setTimeout(180_000);
  // migrated and released like the workers' (a copy of the run's template); its server seeds the demo agency
  dataDir = dataDirFromTemplate(templateDir());
  server = await start();
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the owner sets renewals up, the day comes, and the employee works one through to renewed', async ({ browser, playwright }) => {
  // two sign-ins, a server restart and three screens
  test.slow();
  // A board of the agency's own, made through the API by the admin.
  const api = await playwright.request.newContext({ baseURL: server.url });
  const auth = await api.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64')}` },
    data: { account: DEMO, device: 'mobile' },
  });
  const token = (await auth.json()).token as string;
  const made = await api.post('/api/taskboard', {
    headers: { authorization: `Bearer ${token}` },
    data: { boardname: BOARD, lanes: [{ label: 'To Call' }, { label: 'Done' }] },
  });
  expect(made.status()).toBe(201);
  const board = (await made.json()) as { id: string };
  await api.dispose();

  // The owner: renewals start 30 days before the end, owned by Emma when no one manages the record, on the board.
  let page = await signedIn(browser, 'owner@demo.test', '/account/settings/renewals');
  const days = page.getByLabel('Days before the end a renewal starts');
  await expect(days).toHaveValue('60');
  await days.fill('30');
  await page.getByLabel('Owner when no one manages the record').click();
  await page.getByTitle('Emma Ellis').click();
  await page.getByLabel('Board').click();
  await page.getByTitle(BOARD).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Renewal settings saved')).toBeVisible();
  await page.context().close();

  // The day's run, while the server is down.
  await server.stop();
  expect(runRenewalsDay(dataDir)).toBe('3 renewal(s) started');
  server = await start();

  page = await signedIn(browser, 'employee@demo.test');
  const widget = page.getByRole('region', { name: 'Renewals' });
  await expect(widget.getByText('My Renewals')).toBeVisible();
  const renewedFigure = widget.getByLabel(/^Renewed: \d+$/);
  await expect(renewedFigure).toBeVisible();
  const renewedBefore = Number((await renewedFigure.getAttribute('aria-label'))!.split(': ')[1]);

  // The card, in the board's first lane, linked to the client.
  await page.goto(`/tasks/${board.id}`);
  const toCall = page.getByRole('region', { name: 'To Call lane' });
  await expect(toCall.getByRole('button', { name: 'Open card Robert Chen' })).toHaveCount(2);
  await expect(toCall.getByRole('button', { name: 'Open card Maria Gonzalez' })).toHaveCount(1);

  // The renewals view, linked from Contacts.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Renewals' }).click();
  await expect(page).toHaveURL(/\/renewals$/);
  const row = page.getByRole('row').filter({ hasText: WHAT });
  await expect(row).toContainText('Not started');
  await expect(row).toContainText('Emma Ellis');

  // The follow-up, on the client's card.
  await row.getByRole('link', { name: 'Robert Chen' }).click();
  await expect(page.getByTestId('followup-item').filter({ hasText: `Renewal: ${WHAT} of Robert Chen` })).toBeVisible();
  await page.goBack();

  await row.getByRole('button', { name: 'Contacted' }).click();
  await expect(page.getByText('Renewal marked contacted')).toBeVisible();
  await expect(row).toContainText('Contacted');

  const ends = await row.getByRole('cell').nth(2).textContent();
  const next = us(Date.parse(`${ends!.slice(6, 10)}-${ends!.slice(0, 2)}-${ends!.slice(3, 5)}T12:00:00Z`) + 366 * 86_400_000);
  await row.getByRole('button', { name: 'Renewed...' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New term date').fill(next);
  await dialog.getByRole('button', { name: 'Mark Renewed' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Renewed');
  await expect(row).toContainText(`New term ends ${next}`);

  // Its card is closed; the other renewal's card stays.
  await page.goto(`/tasks/${board.id}`);
  await expect(toCall.getByRole('button', { name: 'Open card Robert Chen' })).toHaveCount(1);

  // The figures moved.
  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  await expect(widget.getByLabel(`Renewed: ${renewedBefore + 1}`)).toBeVisible();
  await page.context().close();
});
