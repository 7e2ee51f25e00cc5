import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/app';

/**
 * James Carter's texts without leaving his record: the Message button opens a draggable window half
 * the screen high, a text sent there is delivered, Esc closes it and gives the button back its focus;
 * Open in Messages leads to his room, whose client panel shows him in tabs (the demo account
 * gathers every form).
 */
test.describe.configure({ mode: 'serial' });

let page: Page;
const HEIGHT = 900;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: HEIGHT } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

test("a contact's Messages window: half the screen high, draggable, texts sent and delivered, Esc back to the button", async () => {
  await page.goto('/contacts');
  await page
    .getByTestId('contact-list')
    .getByRole('link', { name: /James Carter/ })
    .click();
  const button = page.getByRole('button', { name: 'Message James Carter' });
  await button.click();
  const win = page.getByRole('dialog', { name: 'Messages with James Carter' });
  await expect(win).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/contact\//);
  const box = (await win.boundingBox())!;
  expect(Math.round(box.height)).toBe(HEIGHT / 2);

  // The box to write in has the focus once his room is open.
  const composer = win.getByRole('textbox', { name: 'Text to James Carter' });
  await expect(composer).toBeFocused();

  // Dragged by its title bar.
  const title = win.getByText('Messages with James Carter');
  const grip = (await title.boundingBox())!;
  await page.mouse.move(grip.x + 10, grip.y + 5);
  await page.mouse.down();
  await page.mouse.move(grip.x - 90, grip.y + 65, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await win.boundingBox())!.x).toBeCloseTo(box.x - 100, 0);
  expect((await win.boundingBox())!.y).toBeCloseTo(box.y + 60, 0);

  await composer.fill('Your renewal papers are ready to sign.');
  await composer.press('Enter');
  await expect(win.getByTestId('window-text').filter({ hasText: 'Your renewal papers are ready to sign.' })).toContainText('delivered');

  await page.keyboard.press('Escape');
  await expect(win).toBeHidden();
  await expect(button).toBeFocused();
});

test('Open in Messages leads to his room, whose client panel shows him in tabs', async () => {
  await page.getByRole('button', { name: 'Message James Carter' }).click();
  await page.getByRole('dialog', { name: 'Messages with James Carter' }).getByRole('button', { name: 'Open in Messages' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversation = page.getByRole('region', { name: 'Conversation with James Carter' });
  await expect(conversation.getByTestId('sms-message').filter({ hasText: 'Your renewal papers are ready to sign.' })).toBeVisible();

  // at 1280 with the side nav open there is no room beside the conversation: the panel opens over it
  await page.getByRole('button', { name: 'Show Client Panel' }).click();
  const panel = page.getByRole('complementary', { name: 'Client' });
  const tabs = panel.getByRole('tab');
  await expect(tabs).toHaveText(['Tags', 'Activity', 'Dependents', 'Addresses', 'Policies', 'Vehicles', 'Homes']);
  await panel.getByRole('tab', { name: 'Activity' }).click();
  await expect(panel.getByText('Reviewed auto renewal; wants a quote on an umbrella policy.')).toBeVisible();
  await panel.getByRole('tab', { name: 'Dependents' }).click();
  await expect(panel.getByText('Emily Carter')).toBeVisible();
  await panel.getByRole('tab', { name: 'Addresses' }).click();
  await expect(panel.getByText('1207 Barton Hills Dr Austin TX 78704')).toBeVisible();
  await panel.getByRole('tab', { name: 'Policies' }).click();
  await expect(panel.getByText('Auto State Farm')).toBeVisible();
  await panel.getByRole('tab', { name: 'Vehicles' }).click();
  await expect(panel.getByText('2003 Honda Accord')).toBeVisible();
  await panel.getByRole('tab', { name: 'Homes' }).click();
  await expect(panel.getByText('1207 Barton Hills Dr Austin', { exact: true })).toBeVisible();

  // The panel is remembered across a reload, shown and then closed.
  await page.reload();
  await expect(panel).toBeVisible();
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Conversation with James Carter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show Client Panel' })).toBeVisible();
  await expect(panel).toBeHidden();
});
