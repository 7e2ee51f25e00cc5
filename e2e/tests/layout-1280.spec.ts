import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDashboardComplete, freshTotpCode, openInApp, PASSWORD, signIn, topTab } from '../support/app';
import { expectNoOverflow } from '../support/layoutOverflow';

/**
 * A laptop's screen, 1280 × 800, as the owner: every main page fits its area with nothing cut
 * short or running past it (no sideways scrolling, no "Dur…", no name one letter per line), the
 * dashboard too with the phone drawer open beside it.
 */
let page: Page;
const DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const CAMPAIGN = `Quarterly policy review ${Date.now() % 100000}`;

test.use({ viewport: { width: 1280, height: 800 } });

/** A campaign made through the API, so the campaigns table has a row of ordinary length to lay out. */
async function makeCampaign(request: APIRequestContext): Promise<void> {
  const auth = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64')}` },
    data: { account: DEMO_ACCOUNT_ID, device: 'mobile' },
  });
  const headers = { authorization: `Bearer ${(await auth.json()).token}` };
  const tag = (await (await request.post('/api/tags', { headers, data: { name: `Review due ${Date.now()}` } })).json()) as { id: string };
  const start = new Date();
  start.setFullYear(start.getFullYear() + 1);
  start.setUTCHours(15, 0, 0, 0); // a campaign starts on the half hour
  const res = await request.post('/api/campaigns', {
    headers,
    data: {
      name: CAMPAIGN,
      description: 'Asks clients with a policy renewing this quarter to book a short review call',
      targetTags: [tag.id],
      content: 'Hi, your policy renews soon. Reply to book a review.',
      scheduleOccurrence: 'once',
      scheduleStartOn: start.toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.beforeAll(async ({ browser, request }) => {
  await makeCampaign(request);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page?.close();
});

/** Opens a page of a remote as its link does, and waits for it to draw. */
const open = (path: string, remote: string) => openInApp(page, path, remote);

test('the dashboard fits, with the phone drawer closed and open', async () => {
  // measured once every widget has drawn: those below the first screen load after it and size themselves
  await expectDashboardComplete(page);
  await expect(page.getByText('Account Balance')).toBeVisible();
  await expectNoOverflow(page, 'the dashboard');
  await page.evaluate(() => localStorage.setItem('agency.phone.drawer', '1'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Phone drawer' })).toBeVisible({ timeout: 30_000 });
  await expectDashboardComplete(page);
  await expect(page.getByText('Account Balance')).toBeVisible();
  await expectNoOverflow(page, 'the dashboard with the phone drawer open');
  await page.evaluate(() => localStorage.setItem('agency.phone.drawer', '0'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Phone drawer' })).toHaveCount(0);
});

test("the Phone tab's badge does not wait for the phone's code, and the trainings badge counts a new training", async ({ request }) => {
  // the phone's code never arrives: the badge comes with the count the server sends
  await page.route('**/remotes/phone/**', (route) => route.abort());
  await page.goto('/contacts');
  await expect(topTab(page, 'Phone').getByTestId('badge-phone')).toBeVisible();
  await page.unroute('**/remotes/phone/**');

  const trainings = page.getByRole('contentinfo').getByRole('button', { name: /^Trainings(, \d+ new)?$/ });
  const before = Number(/(\d+) new/.exec((await trainings.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const auth = await request.post('/api/auth', {
    headers: { authorization: `Basic ${Buffer.from(`super@demo.test:${PASSWORD}`).toString('base64')}` },
    data: { account: DEMO_ACCOUNT_ID, code: await freshTotpCode() },
  });
  expect(auth.ok(), await auth.text()).toBe(true);
  const created = await request.post('/api/trainings', {
    headers: { authorization: `Bearer ${(await auth.json()).token}` },
    data: { title: `Quoting a bundle ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect(trainings).toHaveAttribute('aria-label', `Trainings, ${before + 1} new`);
});

test('contacts and a contact record with its tabs fit', async () => {
  await open('/contacts', 'contacts');
  const record = page.getByRole('main').locator('a[href^="/contacts/contact/"]').first();
  await expect(record).toBeVisible();
  await expectNoOverflow(page, '/contacts');
  await record.click();
  await expect(page).toHaveURL(/\/contacts\/[^/]+/);
  const tabs = page.getByRole('main').getByRole('tablist').first();
  await expect(tabs).toBeVisible();
  // the record's tabs on one line, Extra too
  const recordTabs = page.getByRole('main').locator('.record-tabs').getByRole('tab');
  await expect(recordTabs.filter({ hasText: 'Extra' })).toBeVisible();
  const tops = await recordTabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size, 'the record tabs are on one line').toBe(1);
  await expectNoOverflow(page, 'a contact record');
});

test('messages with a conversation open leave the composer room to write', async () => {
  await open('/messages', 'messages');
  // a demo client's room, by its name (and its unread count, when it has one)
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^James Carter(, \d+ unread)?$/ })
    .click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  const box = await composer.boundingBox();
  expect(box!.width, 'the composer is wide enough to write in').toBeGreaterThanOrEqual(300);
  await expectNoOverflow(page, 'a conversation on /messages');
});

test('the call log shows its Duration header whole, and Recording and Worked in sight', async () => {
  await open('/phone-log', 'phone');
  const duration = page.getByRole('columnheader', { name: 'Duration' });
  await expect(duration).toBeVisible();
  expect(await duration.evaluate((th) => th.scrollWidth <= th.clientWidth + 1), 'Duration is not cut short').toBe(true);
  // and in sight without scrolling the table: its header ends inside the table's visible box
  const inSight = await duration.evaluate((th) => {
    const box = th.closest('.ant-table-container, .ant-table-content')?.getBoundingClientRect();
    return !!box && th.getBoundingClientRect().right <= box.right + 1;
  });
  expect(inSight, 'Duration is in sight at 1280 with the side nav open').toBe(true);
  for (const name of ['Recording', 'Worked']) {
    const th = page.getByRole('columnheader', { name });
    const seen = await th.evaluate((el) => {
      const box = el.closest('.ant-table-container, .ant-table-content')?.getBoundingClientRect();
      return !!box && el.getBoundingClientRect().right <= box.right + 1;
    });
    expect(seen, `${name} is in sight without scrolling sideways`).toBe(true);
  }
  // no column squeezed to a letter a line (the demo's two locations add a Location column)
  await expect(page.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  const headerHeight = await duration.evaluate((th) => th.getBoundingClientRect().height);
  expect(headerHeight, 'the header row is one line high').toBeLessThan(60);
  await expectNoOverflow(page, '/phone-log');
});

test('phone numbers show each number whole in its card', async () => {
  await open('/account/info/phonenumbers', 'admin');
  const title = page
    .getByRole('main')
    .locator('.ant-card-head-title')
    .filter({ hasText: /^\+1-\d{3}-\d{3}-\d{4}$/ })
    .first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'the number is not cut short').toBe(true);
  await expectNoOverflow(page, '/account/info/phonenumbers');
});

test('campaigns lay out a row with its name on a line', async () => {
  await open('/campaigns', 'messages');
  const name = page.getByRole('row', { name: new RegExp(CAMPAIGN) }).getByRole('cell', { name: CAMPAIGN, exact: true });
  await expect(name).toBeVisible();
  const box = await name.boundingBox();
  expect(box!.width, 'the Name column is wide enough for words').toBeGreaterThanOrEqual(160);
  // its three words on one or two lines, not a letter a line
  const lines = await name.evaluate((td) => {
    const words = document.createRange();
    words.selectNodeContents(td);
    return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines, 'the name is not one letter per line').toBeLessThanOrEqual(2);
  await expectNoOverflow(page, '/campaigns');
});

test('tasks, chat, billing and the account settings fit', async () => {
  for (const [path, remote] of [
    ['/tasks', 'tasks'],
    ['/chat', 'chat'],
    ['/account/info/billing', 'admin'],
    ['/account/settings/general', 'admin'],
  ] as const) {
    await open(path, remote);
    await expectNoOverflow(page, path);
  }
  await page.goto('/account/info/billing');
  await expect(page.getByRole('main')).not.toContainText(/pastDue|past_due/);
});
