import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, remoteArea, signIn, openContactFromList } from '../support/app';

const rowOf = (page: Page, text: string | RegExp) => page.getByRole('main').getByRole('row').filter({ hasText: text });

test('service reviews: the report, a request answered on the public page, and the stars it earns', async ({ page, browser }) => {
  await signIn(page, 'owner@demo.test');

  // the dashboard's Service Reviews widget (the demo agency has reviews on) leads to the report
  const widget = page.getByRole('region', { name: 'Service Reviews' });
  await expect(widget.locator('[data-remote="messages"]')).toHaveAttribute('data-remote-state', 'mounted');
  await expect(widget.getByTestId('total-reviews')).toContainText('2');
  await expect(widget.getByTestId('total-completion')).toContainText('50.00%');
  await widget.getByRole('link', { name: 'View report' }).click();
  await expect(page).toHaveURL(/\/report\/service-reviews$/);
  await expectRemoteMounted(page, 'messages');
  const area = remoteArea(page, 'messages');
  await expect(area.getByRole('heading', { name: 'Service Reviews' })).toBeVisible();

  // James Carter's five stars, and Linda's request still waiting
  const james = rowOf(page, 'James Carter');
  await expect(james.getByRole('img', { name: 'Rated 5 of 5' })).toBeVisible();
  await expect(james).toContainText('Olivia Owens');
  await expect(james).toContainText('better home policy');
  await expect(rowOf(page, 'Linda Carter').getByRole('img', { name: 'No rating yet' })).toBeVisible();
  await expect(area.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // ask Robert Chen for a review: the request is recorded and its public link shown
  await area.getByRole('button', { name: 'Request Service Review' }).click();
  const dlg = page.getByRole('dialog', { name: 'Request Service Review' });
  await dlg.getByLabel('Client').click();
  await dlg.getByLabel('Client').fill('Chen');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Robert Chen', { exact: true }).click();
  await dlg.getByRole('button', { name: 'Request' }).click();
  const linkText = (await dlg.getByTestId('review-link').getByRole('link').textContent()) ?? '';
  expect(linkText).toMatch(/\/review\/[0-9a-f-]{36}\?review=[0-9a-f-]{36}$/);
  await dlg.getByRole('button', { name: 'Done' }).click();
  await expect(rowOf(page, 'Robert Chen').getByRole('img', { name: 'No rating yet' })).toBeVisible();

  // the client opens the link with no session at all and rates four stars
  const stranger = await browser.newContext();
  const client = await stranger.newPage();
  await client.goto(linkText);
  await expect(client.getByRole('heading', { name: 'Demo Insurance Agency' })).toBeVisible();
  await expect(client.getByText('Hi Robert, how did we do?', { exact: false })).toBeVisible();
  // a page of its own, light for a phone: neither the app nor a remote is loaded
  const scripts = await client.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(scripts.filter((name) => /\/main\.js|remoteEntry|mf-manifest/.test(name))).toEqual([]);
  await client.getByRole('radio').nth(3).click();
  await client.getByLabel('Feedback').fill('Robert set up our liability policy in one afternoon.');
  await client.getByRole('button', { name: 'Submit' }).click();
  await expect(client.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(client.getByRole('img', { name: 'You rated us 4 of 5' })).toBeVisible();
  // four stars reaches the demo agency's minimum: the Google review page is offered
  await expect(client.getByRole('link', { name: /Review us on Google/ })).toHaveAttribute('href', /search\.google\.com\/local\/writereview\?placeid=/);
  // a second answer is not taken
  await client.reload();
  await expect(client.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(client.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await stranger.close();

  // the report and the contact show the answer
  await page.reload();
  await expectRemoteMounted(page, 'messages');
  const robert = rowOf(page, 'Robert Chen');
  await expect(robert.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
  await expect(robert).toContainText('liability policy in one afternoon');
  await expect(area.getByTestId('total-completed')).toContainText('2');
  await robert.getByRole('link', { name: 'View Client Robert Chen' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  await expectRemoteMounted(page, 'contacts');
  await expect(page.getByTestId('card-primary').getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
});

test('referrals: the widget and the report list a referral, and View Client opens the contact', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const widget = page.getByRole('region', { name: 'Referrals' });
  await expect(widget.locator('[data-remote="messages"]')).toHaveAttribute('data-remote-state', 'mounted');
  await expect(widget.getByRole('list', { name: 'Top 10 Client Referrals' })).toContainText('James Carter');
  await widget.getByRole('link', { name: 'View report' }).click();
  await expect(page).toHaveURL(/\/report\/referrals$/);
  await expectRemoteMounted(page, 'messages');

  const maria = rowOf(page, 'Maria Gonzalez');
  await expect(maria.getByRole('cell')).toHaveText(['02/10/2025', 'Referral', 'Linda Carter', 'Maria Gonzalez', 'View Client']);
  await expect(remoteArea(page, 'messages').getByRole('button', { name: 'Next page' })).toBeDisabled();
  await maria.getByRole('link', { name: 'View Client Maria Gonzalez' }).click();
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  await expectRemoteMounted(page, 'contacts');
  await expect(page.getByTestId('card-primary')).toContainText('maria.gonzalez@example.com');
});

test("contact detail: Send Service Review from James Carter's card shows the public link, and it opens his review page", async ({ page, browser }) => {
  await signIn(page, 'owner@demo.test', { at: '/contacts' });
  await expectRemoteMounted(page, 'contacts');
  await openContactFromList(page, 'Carter', /James Carter/);
  await expect(page).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('card-primary').getByRole('img', { name: 'Rated 5 of 5' })).toBeVisible();

  await page.getByRole('button', { name: 'More actions for James Carter' }).click();
  await page.getByRole('menuitem', { name: 'Send Service Review' }).click();
  const dlg = page.getByRole('dialog', { name: 'Send Service Review' });
  await expect(dlg.getByRole('radio', { name: /James Carter/ })).toBeChecked();
  await dlg.getByRole('button', { name: 'Send' }).click();
  await expect(dlg.getByRole('alert')).toContainText('Service review requested');
  const link = dlg.getByTestId('review-link').getByRole('link');
  await expect(link).toHaveText(/\/review\/[0-9a-f-]{36}\?review=[0-9a-f-]{36}$/);
  await expect(dlg.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const url = (await link.textContent()) ?? '';
  await dlg.getByRole('button', { name: 'Done' }).click();
  await expect(dlg).toBeHidden();
  // his stars still show his answered review while the new request waits
  await expect(page.getByTestId('card-primary').getByRole('img', { name: 'Rated 5 of 5' })).toBeVisible();

  const stranger = await browser.newContext();
  const client = await stranger.newPage();
  await client.goto(url);
  await expect(client.getByText('Hi James, how did we do?', { exact: false })).toBeVisible();
  await stranger.close();
});
