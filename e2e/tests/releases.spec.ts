import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { expectDashboard, expectRemoteMounted, fillLogin, freshTotpCode, remoteArea, signIn, topTab } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoOverflow } from '../support/layoutOverflow';
import { copyOfDist, release, releaseDir, releaseOf, remotesJson, replaceInExposedChunks, rollback } from '../support/releases';

// Both journeys change what the server hands out: one after the other, each putting things back.
test.describe.configure({ mode: 'serial' });

test('a new release of one remote shows after a reload and a rollback brings the old one back', async ({ page, request }) => {
  const before = await remotesJson(request);
  await signIn(page, 'admin@demo.test', { at: '/contacts' });
  await expectRemoteMounted(page, 'contacts');
  const heading = remoteArea(page, 'contacts').getByRole('heading').first();
  const oldTitle = (await heading.textContent())!.trim();
  const newTitle = `${oldTitle} (new release)`;

  const copy = copyOfDist('contacts');
  try {
    expect(replaceInExposedChunks(copy, oldTitle, newTitle), `"${oldTitle}" in the contacts chunks`).toBeGreaterThan(0);
    const released = release('contacts', copy);
    expect(released).not.toBe(releaseOf(before.contacts));

    const during = await remotesJson(request);
    expect(releaseOf(during.contacts)).toBe(released);
    expect({ ...during, contacts: before.contacts }).toEqual(before);

    await page.reload();
    await expectRemoteMounted(page, 'contacts');
    await expect(remoteArea(page, 'contacts').getByRole('heading', { name: newTitle })).toBeVisible();
  } finally {
    expect(rollback('contacts')).toBe(releaseOf(before.contacts));
    rmSync(copy, { recursive: true, force: true });
  }

  expect(await remotesJson(request)).toEqual(before);
  await page.reload();
  await expectRemoteMounted(page, 'contacts');
  await expect(remoteArea(page, 'contacts').getByRole('heading', { name: oldTitle, exact: true })).toBeVisible();
  await expect(remoteArea(page, 'contacts')).not.toContainText(newTitle);
});

test('a remote whose files are missing shows its error card while the rest keeps working', async ({ page, request }) => {
  const before = await remotesJson(request);
  // A release of its own (an extra file makes it new), so the good release stays untouched.
  const copy = copyOfDist('chat');
  writeFileSync(join(copy, 'BROKEN-RELEASE.txt'), 'remoteEntry.js is removed by the journey\n');
  const broken = release('chat', copy);
  const entry = join(releaseDir('chat', broken), 'remoteEntry.js');
  // and its compressed copies, written beside it at release time (served in its place otherwise)
  for (const file of [entry, `${entry}.br`, `${entry}.gz`]) rmSync(file, { force: true });
  try {
    await signIn(page, 'employee@demo.test');
    await topTab(page, 'Team').click();
    const chat = remoteArea(page, 'chat');
    await expect(chat).toHaveAttribute('data-remote-state', 'error');
    await expect(chat).toContainText('could not be loaded');
    const retry = chat.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();

    // Its own area only: the tabs, the footer and the other remotes work.
    await expect(page.getByRole('banner').getByRole('tablist')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(topTab(page, 'Team')).toHaveAttribute('aria-selected', 'true');
    await topTab(page, 'Contacts').click();
    await expectRemoteMounted(page, 'contacts');
    await topTab(page, 'Tasks').click();
    await expectRemoteMounted(page, 'tasks');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(remoteArea(page, 'chat')).toHaveAttribute('data-remote-state', 'error');

    // Once the file is back, Retry mounts it without a reload.
    copyFileSync(join(copy, 'remoteEntry.js'), entry);
    await remoteArea(page, 'chat').getByRole('button', { name: 'Retry' }).click();
    await expectRemoteMounted(page, 'chat');
  } finally {
    expect(rollback('chat')).toBe(releaseOf(before.chat));
    rmSync(copy, { recursive: true, force: true });
  }
  expect(await remotesJson(request)).toEqual(before);
});

test('the shell is released and rolled back like a remote, staff with the app open are told, and a shell the active remotes need more of is refused', async ({
  page,
  request,
}) => {
  const active = async () => ((await (await request.get('/active-releases.json')).json()) as { shell: string | null }).shell;
  const before = await active();
  expect(before, 'the journeys start from a released shell').toBeTruthy();
  await signIn(page, 'employee@demo.test');
  await topTab(page, 'Contacts').click();
  await expectRemoteMounted(page, 'contacts');
  await expect(page.locator('meta[name="agency-shell-release"]')).toHaveAttribute('content', before!);

  // a shell that no longer provides what the active remotes take: refused, nothing changes
  const lacking = copyOfDist('shell');
  const surfaceFile = join(lacking, 'shared-surface.json');
  const surface = JSON.parse(readFileSync(surfaceFile, 'utf8')) as { keys: Record<string, unknown> };
  delete surface.keys.react;
  writeFileSync(surfaceFile, JSON.stringify(surface));
  expect(() => release('shell', lacking)).toThrow(/does not provide what the active remotes .* need; missing:\n {2}\w+ needs react /);
  expect(await active()).toBe(before);

  const copy = copyOfDist('shell');
  writeFileSync(join(copy, 'NEW-SHELL.txt'), 'a shell release of its own\n');
  try {
    const released = release('shell', copy);
    expect(released).not.toBe(before);
    expect(await active()).toBe(released);

    // the open page says so when the person comes back to it, and reloads nothing by itself
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const notice = page.getByRole('status').filter({ hasText: 'A newer version of Agency Desk is ready' });
    await expect(notice).toBeVisible();
    await expect(page.locator('meta[name="agency-shell-release"]')).toHaveAttribute('content', before!);
    // their next navigation loads it
    await topTab(page, 'Tasks').click();
    await expect(page.locator('meta[name="agency-shell-release"]')).toHaveAttribute('content', released);
    await expect(page).toHaveURL(/\/tasks/);
    await expectRemoteMounted(page, 'tasks');
    await expect(notice).toHaveCount(0);
  } finally {
    expect(rollback('shell')).toBe(before);
    rmSync(copy, { recursive: true, force: true });
    rmSync(lacking, { recursive: true, force: true });
  }
  await page.reload();
  await expect(page.locator('meta[name="agency-shell-release"]')).toHaveAttribute('content', before!);
  await expectRemoteMounted(page, 'tasks');
});

test("a super user rolls a remote back on the Releases page, and its History keeps that and the command line's release; the page fits a laptop and a phone and passes axe", async ({
  page,
  request,
}) => {
  const before = await remotesJson(request);
  const prior = releaseOf(before.chat);
  const copy = copyOfDist('chat');
  writeFileSync(join(copy, 'HISTORY-RELEASE.txt'), 'a chat release of its own\n');
  try {
    const released = release('chat', copy, ['--by', 'ops-journey']);
    await fillLogin(page, 'super@demo.test');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').fill(await freshTotpCode());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectDashboard(page);
    await page.goto('/account/settings/releases');

    const history = page.getByRole('table', { name: 'History' });
    await expect(
      history
        .getByRole('row')
        .filter({ hasText: 'ops-journey (Command line)' })
        .filter({ hasText: `Team chat ${released}` }),
    ).toContainText('Released');

    // per area the active release first, its name on one line (not two characters a line), nothing cut off
    const first = page.getByRole('region', { name: 'Contacts', exact: true }).getByRole('listitem').first();
    await expect(first.getByText('Active', { exact: true })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => first.locator('code').evaluate((el) => el.getClientRects().length)).toBe(1);
      await expectNoOverflow(page, `/account/settings/releases at ${width}`);
      await expectAccessible(page, `/account/settings/releases at ${width}`);
    }

    const chat = page.getByRole('region', { name: 'Team chat' });
    await chat.getByRole('listitem').filter({ hasText: prior }).getByRole('button', { name: 'Roll Back' }).click();
    const dialog = page.getByRole('dialog', { name: `Roll Team chat back to ${prior}` });
    await dialog.getByLabel('Reason').fill('The journey puts chat back');
    await dialog.getByRole('button', { name: 'Roll Back' }).click();
    await expect(dialog).toHaveCount(0);

    const row = history.getByRole('row').filter({ hasText: 'The journey puts chat back' });
    await expect(row).toContainText('super@demo.test (Releases page)');
    await expect(row).toContainText('Rolled back');
    await expect(row).toContainText(`Team chat ${prior}`);
    expect(releaseOf((await remotesJson(request)).chat)).toBe(prior);
  } finally {
    if (releaseOf((await remotesJson(request)).chat) !== prior) rollback('chat', prior);
    rmSync(copy, { recursive: true, force: true });
  }
  expect(await remotesJson(request)).toEqual(before);
});
