import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn, topTab } from '../support/app';

test('a second sign-in of the same user sends the first browser to /login with the reason', async ({ page, browser }) => {
  await signIn(page, 'employee2@demo.test', { at: '/profile' });
  await expectRemoteMounted(page, 'admin');
  await topTab(page, 'Contacts').click();
  await expectRemoteMounted(page, 'contacts');

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signIn(second, 'employee2@demo.test');

    // The server tells the first browser at once ('Session Invalid' on its socket); were that missed,
    // its next call would be refused the same way. Either way it passes /logout on its way to /login.
    await page.waitForURL(/\/login\?reason=multipleLoginsDetected$/);
    await expect(page.getByText('signed in somewhere else')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();

    // The newer session keeps working.
    await second.goto('/profile');
    await expectRemoteMounted(second, 'admin');
    await expect(second).toHaveURL(/\/profile$/);
  } finally {
    await other.close();
  }
});
