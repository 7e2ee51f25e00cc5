// Content wider than its container: the page scrolling sideways, an element running past the main
// area, or words cut short inside an element too narrow for them ("Dur…", "+1-512-555-0…").
import { expect, type Page } from '@playwright/test';

export interface Overflow {
  /** A readable path to the element: its landmarks, test ids, roles and classes, and its words. */
  where: string;
  /** What is wrong, in pixels. */
  what: string;
}

export interface OverflowOptions {
  /** The content area (the routed page): `#main` unless told. */
  root?: string;
  /** Pixels of rounding let through: 2 unless told. */
  tolerance?: number;
}

/**
 * Everything in the content area wider than its container, as the page stands:
 * - the document or the content area scrolling sideways;
 * - an element whose box runs past the content area's (outside a scroll area meant for it);
 * - an element whose content is wider than it and is cut (hidden overflow, an ellipsis), unless the
 *   element scrolls sideways on purpose (overflow auto or scroll, antd's tab strip with its "more"
 *   menu, a switch's sliding words) or keeps the whole text in its title (a long note shortened on
 *   purpose, whole on hover).
 * Hidden elements, words for screen readers only and fixed overlays are left out.
 */
export async function layoutOverflows(page: Page, opts: OverflowOptions = {}): Promise<Overflow[]> {
  return page.evaluate(
    ({ rootSelector, tol }) => {
      const found: Array<{ where: string; what: string }> = [];
      const root = document.querySelector<HTMLElement>(rootSelector);
      if (!root) return [{ where: rootSelector, what: 'no content area on the page' }];

      const words = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
      const step = (el: Element): string => {
        const h = el as HTMLElement;
        const tag = el.tagName.toLowerCase();
        const testId = h.dataset?.testid;
        if (testId) return `${tag}[data-testid=${testId}]`;
        if (h.dataset?.remote) return `${tag}[data-remote=${h.dataset.remote}]`;
        if (el.id && !/^(rc|:r|«r)/.test(el.id)) return `${tag}#${el.id}`;
        const label = el.getAttribute('aria-label');
        if (label) return `${tag}[aria-label="${short(label)}"]`;
        const role = el.getAttribute('role');
        const classes = [...el.classList].filter((c) => !/^css-|^ant-.*-(?:css-var|hashed)/.test(c)).slice(0, 2);
        return `${tag}${role ? `[role=${role}]` : ''}${classes.map((c) => `.${c}`).join('')}`;
      };
      const describe = (el: Element): string => {
        const path: string[] = [];
        for (let at: Element | null = el; at && at !== root && path.length < 5; at = at.parentElement) {
          const s = step(at);
          path.unshift(s);
          if (/\[data-testid=|\[data-remote=|#/.test(s)) break;
        }
        const text = words(el);
        return `${path.join(' > ')}${text ? ` "${short(text)}"` : ''}`;
      };
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || style.position === 'fixed') return false;
        // words for screen readers only, clipped to a pixel on purpose
        if ((style.clip && style.clip !== 'auto') || (style.clipPath && style.clipPath !== 'none')) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      };
      /**
       * An element made to scroll sideways, or to show one part of what it holds: antd's tab strip
       * folds the tabs that do not fit into its "more" menu; a switch slides its on and off words.
       */
      const scrollsOnPurpose = (el: Element) => {
        const x = getComputedStyle(el).overflowX;
        return x === 'auto' || x === 'scroll' || el.classList.contains('ant-tabs-nav-wrap') || el.classList.contains('ant-switch-inner');
      };
      const keepsWholeText = (el: Element) => {
        const title = el.getAttribute('title') ?? el.closest('[title]')?.getAttribute('title');
        return !!title && title.replace(/\s+/g, ' ').trim() === words(el);
      };

      const doc = document.scrollingElement ?? document.documentElement;
      if (doc.scrollWidth > doc.clientWidth + tol)
        found.push({ where: 'the page', what: `scrolls sideways: ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window` });
      if (root.scrollWidth > root.clientWidth + tol)
        found.push({ where: `the content area (${rootSelector})`, what: `scrolls sideways: ${root.scrollWidth}px of content in ${root.clientWidth}px` });

      const area = root.getBoundingClientRect();
      const reported = new Set<Element>();
      const walk = (el: Element, inScroller: boolean) => {
        if (!visible(el)) return;
        const r = el.getBoundingClientRect();
        if (!inScroller && (r.right > area.right + tol || r.left < area.left - tol)) {
          found.push({
            where: describe(el),
            what: `runs past the content area: ${Math.round(r.left)}-${Math.round(r.right)}px, the area ${Math.round(area.left)}-${Math.round(area.right)}px`,
          });
          reported.add(el);
          return; // its children are past it too: one line for the outermost
        }
        const purpose = scrollsOnPurpose(el);
        const h = el as HTMLElement;
        if (
          !purpose &&
          !inScroller &&
          h.clientWidth > 0 &&
          h.scrollWidth > h.clientWidth + tol &&
          getComputedStyle(el).overflowX !== 'visible' &&
          !keepsWholeText(el)
        ) {
          found.push({ where: describe(el), what: `cuts its content: ${h.scrollWidth}px of content shown in ${h.clientWidth}px` });
          reported.add(el);
          return;
        }
        for (const child of el.children) walk(child, inScroller || purpose);
      };
      for (const child of root.children) walk(child, false);
      return found;
    },
    { rootSelector: opts.root ?? '#main', tol: opts.tolerance ?? 2 },
  );
}

/**
 * Fails (softly: a walk through several pages goes on and reports each) when anything in the
 * content area is wider than its container; `where` names the page in the failure.
 */
export async function expectNoOverflow(page: Page, where: string, opts: OverflowOptions = {}): Promise<void> {
  const found = await layoutOverflows(page, opts);
  expect
    .soft(
      found.map((f) => `${f.where}: ${f.what}`),
      `content wider than its container on ${where}`,
    )
    .toEqual([]);
}
