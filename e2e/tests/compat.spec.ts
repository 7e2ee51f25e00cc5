import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectRemoteMounted, remoteArea, signIn } from '../support/app';
import { earlierBuilds, type EarlierBuilds } from '../support/compat';
import { release, releaseOf, remotesJson, rollback } from '../support/releases';
import type { RemoteName } from '../support/server';

/**
 * Version skew, both ways, with the builds of the earlier release point (e2e/compat/release-point.json,
 * built and cached by scripts/earlier-builds.mjs): each remote built then, released under today's
 * shell, draws its main screen; and the shell built then, released under today's remotes, is
 * refused by the preflight with what they need of it. Each journey puts back what it released.
 */
// One after the other, in one worker (a file's journeys run in order); not in serial mode, so that a
// remote that does not draw skips none of the others: each journey puts back what it released. Two
// CLI runs and a page load each: on the busy 2-core machine one took up to 84 s.
test.describe.configure({ mode: 'default', timeout: 120_000 });

let earlier: EarlierBuilds;
const recorded = (what: string) => ['--commit', earlier.commit, '--note', `${what} at the earlier release point (compatibility journey)`];

let page: Page;
test.beforeAll(async ({ browser }) => {
  // here rather than at load: when they are missing, these journeys fail and the others run
  earlier = earlierBuilds();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, 'owner@demo.test');
});
test.afterAll(async () => {
  await page.close();
});

/** The release folders of `remote` the page as it stands (this document) took files from. */
async function releasesLoaded(p: Page, remote: string): Promise<string[]> {
  const urls = await p.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const folders = urls.map((u) => new RegExp(`^/remotes/${remote}/([^/]+)/`).exec(new URL(u).pathname)?.[1]).filter((f): f is string => !!f);
  return [...new Set(folders)];
}

/** The area and heading of each routed remote's main screen. */
const ROUTED_SCREENS: Record<Exclude<RemoteName, 'phone'>, { path: string; heading: string }> = {
  contacts: { path: '/contacts', heading: 'Contacts' },
  messages: { path: '/messages', heading: 'Messages' },
  chat: { path: '/chat', heading: 'Team chat' },
  tasks: { path: '/tasks', heading: 'Task Boards' },
  admin: { path: '/account/info', heading: 'Account' },
};

const routedScreen = (remote: keyof typeof ROUTED_SCREENS) => ({
  path: ROUTED_SCREENS[remote].path,
  drawn: async (p: Page) => {
    await expectRemoteMounted(p, remote);
    await expect(remoteArea(p, remote).getByRole('heading', { name: ROUTED_SCREENS[remote].heading, exact: true })).toBeVisible();
  },
});

/** Each remote's main screen, as its build at the earlier release point draws it. */
const MAIN_SCREENS: Record<RemoteName, { path: string; drawn: (p: Page) => Promise<void> }> = {
  contacts: routedScreen('contacts'),
  messages: routedScreen('messages'),
  phone: {
    path: '/',
    drawn: async (p) => {
      // the phone's main screen is its drawer, opened from its button on every page
      await p.getByRole('button', { name: 'Place Call' }).click();
      const drawer = p.getByRole('region', { name: 'Phone drawer' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('tab', { name: 'Dialpad' }).first()).toBeVisible();
      await expect(drawer.getByLabel('Phone number')).toBeVisible();
    },
  },
  chat: routedScreen('chat'),
  tasks: routedScreen('tasks'),
  admin: routedScreen('admin'),
};

for (const [remote, screen] of Object.entries(MAIN_SCREENS) as Array<[RemoteName, (typeof MAIN_SCREENS)[RemoteName]]>) {
  test(`${remote} built at the earlier release point draws its main screen under today's shell`, async ({ request }) => {
    const before = await remotesJson(request);
    const earlierRelease = release(remote, join(earlier.dir, remote), recorded(remote));
    try {
      expect(earlierRelease).not.toBe(releaseOf(before[remote]));
      expect(releaseOf((await remotesJson(request))[remote])).toBe(earlierRelease);
      await page.goto(screen.path);
      await screen.drawn(page);
      // drawn by the earlier build: the page took its files, and no other release's
      expect(await releasesLoaded(page, remote)).toEqual([earlierRelease]);
      await expect(page.getByText(/needs a (newer|older) shell/)).toHaveCount(0);
    } finally {
      if (remote === 'phone') await page.evaluate(() => localStorage.setItem('agency.phone.drawer', '0'));
      expect(rollback(remote)).toBe(releaseOf(before[remote]));
    }
    expect(await remotesJson(request)).toEqual(before);
  });
}

test("the shell built at the earlier release point is refused by the preflight, which names what today's remotes need of it", async ({ request }) => {
  // Today's remotes take the ui kit 1.2 (useWidth was added to it); the earlier shell provides 1.1.
  // Moving the release point past that change turns this journey into the one where the earlier
  // shell draws today's remotes (see the README's "The earlier release point").
  const activeShell = async () => ((await (await request.get('/active-releases.json')).json()) as { shell: string | null }).shell;
  const before = await activeShell();
  const remotesBefore = await remotesJson(request);
  expect(before, 'the journeys start from a released shell').toBeTruthy();
  const needs = Object.keys(MAIN_SCREENS).map((remote) => `  ${remote} needs @agency/ui ^1.2.0 (the shell provides 1.1.0)\n`);
  let refusal = '';
  try {
    release('shell', join(earlier.dir, 'shell'), recorded('shell'));
  } catch (err) {
    refusal = (err as Error).message;
  }
  expect(refusal).toMatch(/does not provide what the active remotes contacts, messages, phone, chat, tasks, admin need; missing:\n/);
  for (const line of needs) expect(refusal).toContain(line);
  expect(refusal).toContain('Nothing was activated.');

  // nothing changed: today's shell draws today's remotes
  expect(await activeShell()).toBe(before);
  expect(await remotesJson(request)).toEqual(remotesBefore);
  await page.goto(MAIN_SCREENS.contacts.path);
  await expect(page.locator('meta[name="agency-shell-release"]')).toHaveAttribute('content', before!);
  await MAIN_SCREENS.contacts.drawn(page);
});
