import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDashboardComplete, expectRemoteMounted, fillLogin, openContactFromList, openInApp, signIn } from '../support/app';
import { expectAccessible as axeCheck } from '../support/axe';
import { mainPagesOf } from '../support/pages';

/** axe on the page; with E2E_SCREENSHOTS=<folder> the page is also saved there, to look at. */
async function expectAccessible(page: Page, where: string) {
  await axeCheck(page, where);
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${where.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}.png` });
  }
}

const MODES = [
  ['light', false],
  ['dark', true],
] as const;

async function setDark(page: Page, dark: boolean) {
  await page.goto('/login');
  await page.evaluate((d) => localStorage.setItem('agency.dark', d ? '1' : '0'), dark);
}

for (const [mode, dark] of MODES) {
  test.describe(`in ${mode} mode`, () => {
    test('the sign-in page has no serious or critical WCAG 2.1 AA violation', async ({ page }) => {
      await setDark(page, dark);
      await fillLogin(page, 'owner@demo.test');
      await expect(page.locator('body')).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
      await expectAccessible(page, `/login (${mode})`);
    });

    test('the signed-in pages have no serious or critical WCAG 2.1 AA violation', async ({ page }) => {
      // eleven pages, a task board and a record, each checked by axe
      test.setTimeout(300_000);
      await setDark(page, dark);
      await signIn(page, 'owner@demo.test');
      await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', String(dark));
      await test.step('the first Tab reaches the skip link, which takes the keyboard to the page', async () => {
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Skip to main content' });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('main')).toBeFocused();
      });
      await test.step('the dashboard', async () => {
        // its widgets are remotes too: measured once they have all drawn
        await expectDashboardComplete(page);
        await expectAccessible(page, `the dashboard (${mode})`);
      });
      // each page opened as its link opens it (the console journey opens each by its address)
      for (const [path, remote] of mainPagesOf('owner')) {
        await test.step(path, async () => {
          await openInApp(page, path, remote);
          await expect(page.locator('main [aria-busy="true"], main .ant-spin-spinning')).toHaveCount(0);
          await expectAccessible(page, `${path} (${mode})`);
        });
      }
      await test.step('a task board', async () => {
        await openInApp(page, '/tasks', 'tasks');
        await page
          .getByRole('link', { name: /^Open / })
          .first()
          .click();
        await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
        await expect(page.getByTestId('task-card').first()).toBeVisible();
        await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
        await expectAccessible(page, `a task board (${mode})`);
      });
      await test.step('a contact record', async () => {
        await openInApp(page, '/contacts', 'contacts');
        await openContactFromList(page, 'Carter', /James Carter/);
        await expect(page.getByTestId('card-primary')).toBeVisible();
        await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0);
        await expectAccessible(page, `James Carter's record (${mode})`);
      });
    });
  });
}

test("the keyboard: a dialog's close gives focus back to the button that opened it, with a visible ring", async ({ page }) => {
  await signIn(page, 'owner@demo.test', { at: '/admin/tasks' });
  await expectRemoteMounted(page, 'tasks');
  const trigger = page.getByRole('button', { name: /New Board/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Task Board' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  const ring = await trigger.evaluate((el) => getComputedStyle(el).outlineStyle !== 'none' && parseFloat(getComputedStyle(el).outlineWidth) >= 1);
  expect(ring).toBe(true);
});
