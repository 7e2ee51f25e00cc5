import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openContactFromList, signIn } from '../support/app';
import { templateDir } from '../support/env';
import { dataDirFromTemplate, passTimeWhileDown, startServer, type RunningServer } from '../support/server';

/**
 * A text scheduled from a contact goes out once, after the API was down past its time: the
 * journey runs its own server (the shared one keeps serving the others), stops it, lets the text
 * fall due, starts it again and finds the text delivered to the client's phone, once.
 */
test.describe.configure({ mode: 'serial' });

const BODY = 'Walter, your renewal documents are ready to sign.';
const CLIENT = '602-555-0131';
let dataDir: string;
let server: RunningServer;

// on free ports the system chooses (the workers' servers keep theirs); a restart takes the same ones
const start = () => startServer({ ...server?.ports, dataDir, timeoutMs: 150_000, logFile: join(__dirname, '..', 'reports', 'server-scheduled.log') });

async function signedIn(browser: Browser, at: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'owner@demo.test', { at });
  return page;
}

async function phoneOfClient(page: Page) {
  if (new URL(page.url()).pathname !== '/messages/simulator') await page.goto('/messages/simulator');
  await page.getByLabel('Client number').fill(CLIENT);
  return page.getByRole('log', { name: 'Simulated phone' });
}

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

test('a text scheduled from a contact is delivered once after an API restart', async ({ browser }) => {
  // two sign-ins and a server restart, as the renewals journey
  test.slow();
  let page = await signedIn(browser, '/contacts');
  await openContactFromList(page, 'Brooks', /Walter Brooks/);
  await page.getByRole('button', { name: 'More actions for Walter Brooks' }).click();
  await page.getByRole('menuitem', { name: 'Schedule Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Message' });
  await expect(dialog.getByLabel('Recipient')).toBeVisible();
  await expect(dialog).toContainText('Walter Brooks · +1-602-555-0131');
  await dialog.getByLabel('Message').fill(BODY);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Message scheduled')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Waiting for its time: in the client's room as scheduled, not on the client's phone.
  await page.goto('/messages');
  await page.getByRole('button', { name: /^Walter Brooks/ }).click();
  const waiting = page.getByTestId('sms-message').filter({ hasText: BODY });
  await expect(waiting).toContainText('scheduled');
  await phoneOfClient(page);
  await expect(page.getByText('No texts yet')).toBeVisible();
  await page.context().close();

  await server.stop();
  expect(passTimeWhileDown(dataDir, BODY)).toBe('1 scheduled text(s) now due');
  server = await start();

  page = await signedIn(browser, '/messages/simulator');
  const phone = await phoneOfClient(page);
  await expect(phone).toContainText(BODY);
  await page.goto('/messages');
  await page.getByRole('button', { name: /^Walter Brooks/ }).click();
  const sent = page.getByTestId('sms-message').filter({ hasText: BODY });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('delivered');
  await expect((await phoneOfClient(page)).getByText(BODY)).toHaveCount(1);
  await page.context().close();
});
