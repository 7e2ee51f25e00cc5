import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectDashboard, expectRemoteMounted, signIn } from '../support/app';
import { mainPagesOf } from '../support/pages';

/**
 * A clean console: every main page, opened in a fresh browser, logs no error and no warning (the
 * browser's own reports included: a failed request, an AudioContext made before a gesture), and
 * throws nothing. Each page is opened by its address, as a reload would, so nothing on it has been
 * clicked yet.
 */

/** The console's errors and warnings and the page's uncaught errors, from now on, one line each. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const { url, lineNumber } = message.location();
    problems.push(`${type} on ${new URL(page.url()).pathname}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`));
  return problems;
}

type SoundWindow = Window & { soundsMade?: HTMLAudioElement[]; playsStarted?: Array<Promise<void>> };

/**
 * Keeps the sounds a page makes with new Audio(url), as the Voice SDK makes each of its own without
 * an AudioContext, and every play() it starts (the same promise, so one that fails uncaught is still
 * reported).
 */
function trackSounds() {
  const w = window as SoundWindow;
  const made: HTMLAudioElement[] = (w.soundsMade = []);
  const started: Array<Promise<void>> = (w.playsStarted = []);
  const NativeAudio = window.Audio;
  window.Audio = function Audio(src?: string) {
    const element = new NativeAudio(src);
    if (src) made.push(element);
    return element;
  } as unknown as typeof window.Audio;
  window.Audio.prototype = NativeAudio.prototype;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    this.dataset.played = '1';
    const playing = play.call(this);
    started.push(playing);
    return playing;
  };
}

/**
 * Each sound the page made has been started (the Voice SDK starts each once, muted, as soon as it
 * can play through), every play() has succeeded or failed, and the page has had a turn to report a
 * failure no one caught: before the page's first gesture the browser refuses them.
 */
async function soundsSettled(page: Page) {
  await page.waitForFunction(() => ((window as SoundWindow).soundsMade ?? []).every((sound) => sound.dataset.played === '1'));
  await page.evaluate(async () => {
    await Promise.allSettled((window as SoundWindow).playsStarted ?? []);
    await new Promise((turn) => setTimeout(turn, 0));
  });
}

/** The page has drawn and the phone on it has registered (what a page does at load is done). */
async function settled(page: Page, remote: string | null) {
  if (remote) await expectRemoteMounted(page, remote);
  else await expectDashboard(page);
  await expect(page.locator('[data-remote-state="loading"]')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"], main .ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Call' })).toBeVisible();
}

for (const [who, email, pages] of [
  ['the owner', 'owner@demo.test', mainPagesOf('owner')],
  ['an employee', 'employee@demo.test', mainPagesOf('employee')],
] as const) {
  test(`every main page of ${who} keeps the console clean`, async ({ page }) => {
    test.setTimeout(180_000);
    const problems = consoleProblems(page);
    await signIn(page, email);
    await settled(page, null);
    await page.goto('/');
    await settled(page, null);
    for (const [path, remote] of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page, remote);
      });
    }
    expect(problems, `The console was not clean:\n${problems.join('\n')}`).toEqual([]);
  });
}

for (const [who, email, pages] of [
  ['the owner', 'owner@demo.test', mainPagesOf('owner')],
  ['an employee', 'employee@demo.test', mainPagesOf('employee')],
] as const) {
  test(`every main page of ${who}, opened from a link in a signed-in browser, keeps the console clean`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    await signIn(page, email);
    // A browser that signed in earlier (its stored session) and has not been clicked in since:
    // each page is opened from a link or reloaded, so no sound may start yet (the browser refuses
    // play() until the first gesture on the page).
    const state = await page.context().storageState();
    const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(trackSounds);
    try {
      const opened = await context.newPage();
      const problems = consoleProblems(opened);
      for (const [path, remote] of [['/', null] as const, ...pages]) {
        await test.step(`${path} by its address`, async () => {
          await opened.goto(path);
          await settled(opened, remote);
          await soundsSettled(opened);
        });
      }
      await test.step('reloaded', async () => {
        await opened.reload();
        await settled(opened, pages[pages.length - 1][1]);
        await soundsSettled(opened);
      });
      expect(problems, `The console was not clean:\n${problems.join('\n')}`).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('a browser that does not trust the local phone line is told once how to, with one request and no retries', async ({ browser }) => {
  // Unlike the other journeys' browsers, this one refuses the line's self-signed certificate.
  const context = await browser.newContext({ ignoreHTTPSErrors: false, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = consoleProblems(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/trust') asked.push(request.url());
    });
    const sockets: string[] = [];
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === '/signal') sockets.push(socket.url());
    });
    await signIn(page, 'employee@demo.test');

    const drawer = page.getByRole('region', { name: 'Phone drawer' });
    const untrusted = drawer.getByText('This browser does not trust the local phone line yet.');
    await expect(untrusted).toHaveCount(1);
    await expect(drawer.getByRole('link', { name: 'Open the phone line' })).toHaveAttribute('href', /^https:\/\/[^/]+\/trust$/);
    expect(asked).toHaveLength(1);
    expect(sockets).toEqual([]);

    await drawer.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => asked.length).toBe(2);
    await expect(untrusted).toHaveCount(1);
    expect(sockets).toEqual([]);
    // The message is the drawer's, not a toast as well.
    await expect(page.locator('.ant-message, .ant-notification').getByText(/phone/i)).toHaveCount(0);
    // Chromium reports each refused request itself (one line per request, which no page can silence);
    // besides those, nothing: the phone tried nothing else.
    const refused = problems.filter((p) => /net::ERR_CERT_/.test(p));
    const ours = problems.filter((p) => !/net::ERR_CERT_/.test(p));
    expect(ours, `The console was not clean:\n${ours.join('\n')}`).toEqual([]);
    expect(refused.length).toBeLessThanOrEqual(asked.length);
  } finally {
    await context.close();
  }
});
