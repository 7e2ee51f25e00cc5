import { expect, test } from '../support/fixtures';
import { expectDashboard, expectRemoteMounted, fillLogin, openInApp, signIn, topTab } from '../support/app';
import { mainPagesOf } from '../support/pages';

test('the owner signs in and every remote mounts on its route, within the Content-Security-Policy', async ({ page }) => {
  // The browser reports anything the policy blocks (a script, a style, a socket) on the console.
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await signIn(page, 'owner@demo.test');
  // from page to page through the app's router, as its links go (the console journey opens each by its address)
  for (const [path, remote] of mainPagesOf('owner')) {
    await test.step(`${path} mounts ${remote}`, async () => {
      await openInApp(page, path, remote);
    });
  }
  expect(blocked).toEqual([]);
});

test('Back and Forward move across remotes and the active tab follows', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const visits: Array<[tab: string, path: string, remote: string]> = [
    ['Contacts', '/contacts', 'contacts'],
    ['Tasks', '/tasks', 'tasks'],
    ['Team', '/chat', 'chat'],
    ['Phone', '/phone-log', 'phone'],
  ];
  for (const [tab, path, remote] of visits) {
    await topTab(page, tab).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(topTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    await expectRemoteMounted(page, remote);
  }

  const expectAt = async ([tab, path, remote]: [string, string, string]) => {
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(topTab(page, tab)).toHaveAttribute('aria-selected', 'true');
    await expectRemoteMounted(page, remote);
  };
  await page.goBack();
  await expectAt(visits[2]);
  await page.goBack();
  await expectAt(visits[1]);
  await page.goBack();
  await expectAt(visits[0]);
  await page.goBack();
  await expectDashboard(page);

  await page.goForward();
  await expectAt(visits[0]);
  await page.goForward();
  await expectAt(visits[1]);
  await page.goForward();
  await expectAt(visits[2]);
});

test('an old or mistyped link says what was not found and offers the way back', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await openInApp(page, '/contacts/contact/not-a-contact', 'contacts');
  await expect(page.getByText('Client not found')).toBeVisible();
  await expect(page.getByText(/Invalid UUID/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  await openInApp(page, '/tasks/not-a-board', 'tasks');
  await expect(page.getByText('Task board not found')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Task Boards' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('a mistyped address lands on the dashboard; code a newer release replaced shows the error page, whose Refresh brings the app back', async ({ page }) => {
  // A mistyped link, followed signed out: the sign-in leads to the dashboard.
  await fillLogin(page, 'owner@demo.test', { at: '/contacs' });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectDashboard(page);
  // A release replaces the app's files while the page is open: what it loads next is gone.
  await page.route('**/*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('button', { name: 'Report an issue' }).click();
  const errorPage = page.getByRole('alert').filter({ hasText: 'Agency Desk was updated' });
  await expect(errorPage).toContainText('Refresh to load the new version.');
  await page.unroute('**/*.js');
  await errorPage.getByRole('button', { name: 'Refresh' }).click();
  await expectDashboard(page);
  await page.getByRole('button', { name: 'Report an issue' }).click();
  await expect(page.getByRole('dialog', { name: 'Report an issue' })).toBeVisible();
});
