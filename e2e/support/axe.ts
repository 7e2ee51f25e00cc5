// WCAG 2.1 A and AA, checked by axe-core in the page as it stands.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { appendFileSync } from 'node:fs';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// WCAG 2.5.3 (a control's name contains its visible words) is still marked experimental in axe:
// asked for by name.
const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } };
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One line per failing element: the rule, what it asks, where, and axe's account of why. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) =>
      [
        `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`,
        ...v.nodes.slice(0, 8).map((n) => `  - ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`),
        ...(v.nodes.length > 8 ? [`  - … and ${v.nodes.length - 8} more`] : []),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Fails the test when axe finds a serious or critical WCAG 2.1 A or AA violation on the page;
 * `where` names the page in the failure. The check is soft: a walk through several pages goes on
 * and reports every page that fails. Minor and moderate findings are not failures (axe's own triage).
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Nothing mid-animation: a menu or a dialog fading in is measured at its final colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // axe.run in the page itself ("legacy" mode): the default runs each frame apart and finishes in a
  // new blank tab it opens for every check, twice the time. Legacy mode leaves cross-origin frames
  // out: the app's pages have none (a training's walkthrough, a third party's, is not checked).
  const results = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const failing = results.violations.filter((v) => v.impact && FAILING_IMPACTS.has(v.impact));
  // E2E_AXE_REPORT=<file>: every finding of every page checked, one JSON line a page
  if (process.env.E2E_AXE_REPORT) appendFileSync(process.env.E2E_AXE_REPORT, JSON.stringify({ where, violations: results.violations }) + '\n');
  expect
    .soft(
      failing.map((v) => v.id),
      `axe on ${where}:\n${describe(failing)}`,
    )
    .toEqual([]);
}
