import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, fillLogin, openContactFromList, openInApp } from '../support/app';

// A phone held upright: every page fits its width, the side nav and the top tabs are one drawer,
// dialogs and the phone drawer take the whole screen.
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

test.use({ viewport: PHONE });

/** The main pages, with the remote drawn there (the dashboard is the shell's). */
const PAGES: Array<[path: string, remote: string | null]> = [
  ['/', null],
  ['/contacts', 'contacts'],
  ['/messages', 'messages'],
  ['/phone-log', 'phone'],
  ['/chat', 'chat'],
  ['/tasks', 'tasks'],
  ['/campaigns', 'messages'],
  ['/account/settings', 'admin'],
  ['/account/info/billing', 'admin'],
  ['/profile', 'admin'],
];

/** Neither the page nor its main area is wider than the screen. */
async function expectFitsWidth(page: Page, where: string) {
  if (process.env.E2E_SCREENSHOTS) {
    const size = page.viewportSize()!;
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${size.width}-${where.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'dashboard'}.png` });
  }
  // how many px the page, and the main area inside it, are wider than their room (a table may scroll inside its card)
  const over = () =>
    page.evaluate(() => {
      const main = document.getElementById('main')!;
      return Math.max(document.documentElement.scrollWidth - window.innerWidth, main.scrollWidth - main.clientWidth);
    });
  await expect.poll(over, { message: `${where} is wider than the screen by (px)` }).toBeLessThanOrEqual(0);
}

/** Waits for a page to have drawn (its remote mounted, nothing still loading). */
async function expectDrawn(page: Page, remote: string | null) {
  if (remote) await expectRemoteMounted(page, remote);
  else await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.locator('[data-remote-state="loading"]')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"], main .ant-spin-spinning')).toHaveCount(0);
}

async function signInOnPhone(page: Page) {
  await fillLogin(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Open menu' });
const navDrawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

test('at 390 px every main page fits the screen, and the nav, the tabs, a dialog and the phone are made for it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOnPhone(page);

  await test.step('the header: a menu button, the page named, no top tabs, the search behind a button', async () => {
    await expect(menuButton(page)).toBeVisible();
    await expect(page.getByTestId('frame-page-name')).toHaveText('Dashboard');
    await expect(page.getByRole('banner').getByRole('tab')).toHaveCount(0);
    // the side nav is not beside the page
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Find contacts and texts' }).click();
    const search = page.getByRole('combobox', { name: 'Find contacts and texts' });
    await expect(search).toBeFocused();
    const box = (await search.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(search).toHaveCount(0);
  });

  await test.step('the menu button opens the nav as a drawer, with every top tab, my status and the team', async () => {
    await menuButton(page).click();
    const drawer = navDrawer(page);
    await expect(drawer).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const pages = drawer.getByRole('navigation', { name: 'Pages' }).getByRole('menuitem');
    await expect(pages).toHaveText([/^Dashboard/, /^Tasks/, /^Team/, /^Contacts/, /^Messages/, /^Phone/]);
    await expect(drawer.getByRole('button', { name: /^My status .*Change status$/ })).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Team' })).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  await test.step('a page chosen in the drawer opens, and the drawer closes', async () => {
    await navDrawer(page)
      .getByRole('menuitem', { name: /^Contacts/ })
      .click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(navDrawer(page)).toBeHidden();
    await expect(page.getByTestId('frame-page-name')).toHaveText('Contacts');
    await expectDrawn(page, 'contacts');
    await menuButton(page).click();
    await expect(navDrawer(page).getByRole('menuitem', { name: /^Contacts/ })).toHaveClass(/ant-menu-item-selected/);
    await page.keyboard.press('Escape');
    await expect(navDrawer(page)).toBeHidden();
  });

  // each page opened as a link opens it (what is checked is its layout; the 360 px walk loads each)
  for (const [path, remote] of PAGES) {
    await test.step(`${path} fits 390 px`, async () => {
      if (remote) await openInApp(page, path, remote);
      else await page.goto(path);
      await expectDrawn(page, remote);
      await expectFitsWidth(page, path);
    });
  }

  await test.step("a contact's record fits 390 px", async () => {
    await openInApp(page, '/contacts', 'contacts');
    await openContactFromList(page, 'Carter', /James Carter/);
    await expect(page.getByTestId('card-primary')).toBeVisible();
    await expectDrawn(page, 'contacts');
    await expectFitsWidth(page, "James Carter's record");
  });

  await test.step('a dialog takes the whole screen', async () => {
    await page.goto('/');
    await expectDrawn(page, null);
    await page.getByRole('button', { name: 'Report an issue' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title') });
    await expect(dialog).toBeVisible();
    const box = (await dialog.locator('.ant-modal-container').boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width });
    expect(box.height).toBeGreaterThanOrEqual(PHONE.height);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the phone drawer takes the whole screen, and closes', async () => {
    await page.getByRole('button', { name: 'Place Call' }).click();
    const phone = page.getByRole('region', { name: 'Phone drawer' });
    await expect(phone).toBeVisible();
    const box = (await page.locator('[data-slot="phone-drawer"] [data-full-screen="true"]').boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await phone.getByRole('button', { name: 'Close the phone' }).click();
    await expect(phone).toBeHidden();
    await expectFitsWidth(page, 'the dashboard after the phone');
  });
});

test('at 360 px the pages still fit', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SMALL_PHONE);
  await signInOnPhone(page);
  for (const [path, remote] of [
    ['/', null],
    ['/contacts', 'contacts'],
    ['/messages', 'messages'],
    ['/phone-log', 'phone'],
  ] as const) {
    await page.goto(path);
    await expectDrawn(page, remote);
    await expectFitsWidth(page, `${path} at 360 px`);
  }
});

test('the side nav stays as it was left across a reload, and a phone-sized window turns it into the drawer', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signInOnPhone(page);
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toHaveCSS('width', '256px');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(sider).toHaveCSS('width', '64px');

  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(sider).toHaveCSS('width', '64px');

  await page.setViewportSize(PHONE);
  await expect(sider).toHaveCount(0);
  await expect(menuButton(page)).toBeVisible();
  await expectFitsWidth(page, 'the dashboard, narrowed');

  // back on the wide screen, opened again: still open after a reload
  await page.setViewportSize(LAPTOP);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(sider).toHaveCSS('width', '256px');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  await expect(sider).toHaveCSS('width', '256px');
});
