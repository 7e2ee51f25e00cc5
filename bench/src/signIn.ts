import type { Page } from 'playwright-core';

/** Signs in through /login as a person would (the email's one account is chosen once looked up) and waits for the app. */
export async function signInThroughPage(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.waitForFunction(() => !!document.querySelector<HTMLSelectElement>('select')?.value, null, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}
