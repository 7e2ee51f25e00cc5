import type { Browser, BrowserContext, Locator, Page, WebSocket } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';

// Team chat between two people in two browsers: Olivia (owner) and Emma (employee).
const PASSWORD = 'demo-password';
// Room names of this run (the journeys' database is fresh each run; this keeps a rerun on the same one clean too).
const RUN = Date.now().toString(36).slice(-5);
const RENEWALS = `Renewals ${RUN}`;
const CLAIMS = `Claims desk ${RUN}`;

interface Person {
  context: BrowserContext;
  page: Page;
  name: string;
  /** The page's current socket.io socket (a navigation opens a new one; the phone has its own). */
  socket: () => WebSocket | undefined;
}

async function signInAs(browser: Browser, email: string, name: string): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let socket: WebSocket | undefined;
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) socket = ws;
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  // One account for this email: it is chosen once the accounts are looked up.
  await expect(page.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText('Demo Insurance Agency');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page, name, socket: () => socket };
}

const composer = (p: Person) => p.page.getByLabel('Message', { exact: true });
const messageFrom = (p: Person, author: string, text: string): Locator =>
  p.page.getByRole('article', { name: `Message from ${author}` }).filter({ hasText: text });
const roomButton = (p: Person, title: string) => p.page.getByRole('button', { name: new RegExp(`^Open ${title}(,|$)`) });
const roomTitles = (p: Person) => p.page.getByRole('navigation', { name: 'Chat rooms' }).locator('[data-room-id]');
const teamTab = (p: Person) => p.page.getByRole('banner').getByRole('tab', { name: /Team/ });

/** The rooms of a 'chat_rooms' push in a socket.io event frame (42/chat,["chat_rooms",[...]]), or null for any other frame. */
function roomsPushed(payload: string): Array<{ title: string }> | null {
  const start = payload.indexOf('[');
  if (!payload.startsWith('42') || start < 0) return null;
  const [event, rooms] = JSON.parse(payload.slice(start)) as [string, Array<{ title: string }>];
  return event === 'chat_rooms' ? rooms : null;
}

async function send(p: Person, text: string) {
  await composer(p).fill(text);
  await composer(p).press('Enter');
}

async function createRoom(p: Person, title: string, users: string[]) {
  await p.page.goto('/chat');
  await p.page.getByRole('button', { name: 'Create Room' }).click();
  const dialog = p.page.getByRole('dialog', { name: 'Create Room' });
  await dialog.getByLabel('Users').click();
  for (const u of users) await p.page.locator(`.ant-select-item-option[title="${u}"]`).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Title').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(p.page.getByRole('heading', { name: title })).toBeVisible();
}

/** A real PNG (1x1) padded after its end so that uploading it takes a moment. */
function paddedPng(bytes: number): Buffer {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5f1ba0000000049454e44ae426082',
    'hex',
  );
  return Buffer.concat([png, Buffer.alloc(bytes)]);
}

test.describe.serial('team chat between two people', () => {
  let olivia: Person;
  let emma: Person;

  test.beforeAll(async ({ browser }) => {
    olivia = await signInAs(browser, 'owner@demo.test', 'Olivia Owens');
    emma = await signInAs(browser, 'employee@demo.test', 'Emma Ellis');
  });
  test.afterAll(async () => {
    await olivia?.context.close();
    await emma?.context.close();
  });

  test('a message appears live for the other person, with the Team badge while away from chat', async () => {
    await emma.page.goto('/');
    await createRoom(olivia, RENEWALS, ['Emma Ellis']);
    await send(olivia, 'Morning! The Garcia renewal is due Friday.');
    await expect(messageFrom(olivia, 'Olivia Owens', 'Garcia renewal')).toBeVisible();
    await expect(teamTab(emma)).toContainText('1');

    await teamTab(emma).click();
    await roomButton(emma, RENEWALS).click();
    await expect(messageFrom(emma, 'Olivia Owens', 'Garcia renewal')).toBeVisible();
    await expect(teamTab(emma)).not.toContainText('1');
    // the room opened, the keyboard is in its composer; the room passes axe
    await expect(composer(emma)).toBeFocused();
    await expectAccessible(emma.page, 'a chat room');

    await send(emma, 'On it, I will call them today.');
    await expect(messageFrom(olivia, 'Emma Ellis', 'I will call them today')).toBeVisible();
    await expect(messageFrom(olivia, 'Emma Ellis', 'I will call them today')).toHaveCount(1);
  });

  test('reactions are toggled per emoji and seen by both', async () => {
    const theirs = messageFrom(emma, 'Olivia Owens', 'Garcia renewal');
    await theirs.getByRole('button', { name: 'React with thumbs up' }).click();
    const atOlivia = messageFrom(olivia, 'Olivia Owens', 'Garcia renewal').getByRole('button', { name: /^thumbs up 1, by Emma Ellis/ });
    await expect(atOlivia).toBeVisible();
    await atOlivia.click();
    await expect(messageFrom(emma, 'Olivia Owens', 'Garcia renewal').getByRole('button', { name: /^thumbs up 2, by Emma Ellis, Olivia Owens/ })).toBeVisible();
    await theirs.getByRole('button', { name: /^thumbs up 2/ }).click();
    await expect(messageFrom(olivia, 'Olivia Owens', 'Garcia renewal').getByRole('button', { name: /^thumbs up 1, by Olivia Owens/ })).toBeVisible();
  });

  test('an attachment shows its upload progress, then arrives as an image', async () => {
    const cdp = await olivia.context.newCDPSession(olivia.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await olivia.page
      .getByLabel('Choose files to attach')
      .setInputFiles({ name: 'declarations-page.png', mimeType: 'image/png', buffer: paddedPng(900 * 1024) });
    await expect(olivia.page.getByLabel(/^Uploading declarations-page\.png: \d+%$/)).toBeVisible();
    await expect(olivia.page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await expect(olivia.page.getByLabel('Attachments')).toContainText('ready', { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await send(olivia, 'Declarations page attached');
    const arrived = messageFrom(emma, 'Olivia Owens', 'Declarations page attached');
    await expect(arrived.getByRole('img', { name: 'declarations-page.png' })).toBeVisible();
  });

  test('a GIF of the app’s own set, found by its tag without any GIPHY key, reaches the other person', async () => {
    await olivia.page.getByRole('button', { name: 'Send a GIF' }).click();
    await olivia.page.getByLabel('Search GIFs').fill('thank');
    await olivia.page.getByRole('button', { name: 'Send GIF Thanks' }).click();
    const gif = emma.page.getByRole('img', { name: 'Thanks' });
    await expect(gif).toBeVisible();
    // Drawn, not blocked: the picture comes from the app's own origin.
    await expect.poll(() => gif.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(gif).toHaveAttribute('src', /^\/api\/gifs\//);
  });

  test('the author edits a message within the day; the other sees it edited', async () => {
    const mine = messageFrom(emma, 'Emma Ellis', 'I will call them today');
    await mine.getByRole('button', { name: 'Edit message' }).click();
    const field = mine.getByLabel('Edit message');
    await field.fill('On it, I called them and they renewed.');
    await field.press('Enter');
    const atOlivia = messageFrom(olivia, 'Emma Ellis', 'they renewed');
    await expect(atOlivia).toBeVisible();
    await expect(atOlivia).toContainText('edited');
    // Someone else's message offers no edit.
    await expect(messageFrom(emma, 'Olivia Owens', 'Garcia renewal').getByRole('button', { name: 'Edit message' })).toHaveCount(0);
  });

  test('the room order survives a reload', async () => {
    await createRoom(olivia, CLAIMS, ['Emma Ellis']);
    await expect(roomTitles(olivia).first()).toContainText(CLAIMS);
    // The server answers a saved order with the person's rooms in that order.
    const saved = olivia.socket()!.waitForEvent('framereceived', { predicate: (f) => roomsPushed(String(f.payload))?.[0]?.title === RENEWALS });
    await roomTitles(olivia)
      .filter({ hasText: RENEWALS })
      .dragTo(roomTitles(olivia).filter({ hasText: CLAIMS }));
    await expect(roomTitles(olivia).first()).toContainText(RENEWALS);
    await saved;
    await olivia.page.reload();
    await expect(roomTitles(olivia).first()).toContainText(RENEWALS);
    await expect(roomTitles(olivia).nth(1)).toContainText(CLAIMS);
  });

  test('a message sent while offline arrives exactly once after reconnecting', async () => {
    await olivia.page.goto('/chat');
    await roomButton(olivia, RENEWALS).click();
    await emma.page.goto('/chat');
    await roomButton(emma, RENEWALS).click();
    await expect(messageFrom(emma, 'Olivia Owens', 'Garcia renewal')).toBeVisible();

    await emma.context.setOffline(true);
    await send(emma, 'Sent from the parking garage');
    const pending = messageFrom(emma, 'Emma Ellis', 'Sent from the parking garage');
    await expect(pending).toContainText('sending...');
    await olivia.page.waitForTimeout(1_000);
    await expect(messageFrom(olivia, 'Emma Ellis', 'Sent from the parking garage')).toHaveCount(0);

    await emma.context.setOffline(false);
    await expect(messageFrom(olivia, 'Emma Ellis', 'Sent from the parking garage')).toHaveCount(1, { timeout: 30_000 });
    await expect(pending).not.toContainText('sending...');
    await olivia.page.waitForTimeout(1_500);
    await expect(messageFrom(olivia, 'Emma Ellis', 'Sent from the parking garage')).toHaveCount(1);
    await olivia.page.reload();
    await expect(messageFrom(olivia, 'Emma Ellis', 'Sent from the parking garage')).toHaveCount(1);
  });
});
