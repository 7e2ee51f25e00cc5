import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, signIn, topTab } from '../support/app';

/**
 * Two people of one agency: what one adds shows in the other's contact list without a reload. The
 * watcher searches for a name nobody has yet, sees no results, and the contact appears when the
 * other person saves it.
 */
test("a contact added by one user appears in another user's list without a reload", async ({ browser }) => {
  const stamp = Date.now().toString(36).slice(-6);
  const last = `Livewire${stamp}`;
  const watcherContext = await browser.newContext();
  const authorContext = await browser.newContext();
  try {
    const watcher = await watcherContext.newPage();
    const author = await authorContext.newPage();
    await signIn(watcher, 'employee@demo.test');
    await signIn(author, 'admin@demo.test');

    await topTab(watcher, 'Contacts').click();
    await expectRemoteMounted(watcher, 'contacts');
    await watcher.getByLabel('Search contacts').fill(last);
    await expect(watcher.getByText(`No contacts match "${last}"`)).toBeVisible();
    let navigations = 0;
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) navigations += 1;
    });

    await topTab(author, 'Contacts').click();
    await author.getByRole('button', { name: 'Add New' }).click();
    await author.locator('#firstName').fill('Lena');
    await author.locator('#lastName').fill(last);
    await author.getByRole('button', { name: 'Save' }).click();
    await expect(author).toHaveURL(/\/contacts\/contact\/[0-9a-f-]{36}$/);

    const list = watcher.getByTestId('contact-list');
    await expect(list.getByRole('link', { name: new RegExp(`Lena ${last}`) })).toBeVisible();
    await expect(watcher.getByLabel('Search contacts')).toHaveValue(last);
    expect(navigations).toBe(0);
  } finally {
    await authorContext.close();
    await watcherContext.close();
  }
});
