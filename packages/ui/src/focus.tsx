import { useEffect, useRef } from 'react';

/**
 * The keyboard's focus ring on every stop antd leaves bare (a calendar's days, rows and cards that
 * open something, plain links and buttons), in the ring colour of the theme (colorPrimaryBorder,
 * made to reach 3:1 on every surface in both modes by themeContrast.ts). `:where` keeps it below
 * antd's own focus styles, which win where they exist.
 */
export const FOCUS_RING_CSS = `:where(a[href], button, summary, [tabindex]:not([tabindex='-1']), [role='button'], [role='link'], [role='tab'], [role='menuitem'], [role='option'], .ant-picker-panel):focus-visible {
  outline: 2px solid var(--ant-color-primary-border, currentColor);
  outline-offset: 2px;
}`;

/** The focus ring's style sheet, drawn once in the page however many roots draw it (React hoists and dedupes it). */
export function FocusRingStyle() {
  return (
    <style href="agency-focus-ring" precedence="default">
      {FOCUS_RING_CSS}
    </style>
  );
}

const OVERLAYS = '.ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-tooltip';

/** What had the focus before a dialog opened: a menu item's menu gives way to the button that opened the menu. */
function triggerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (active.closest(OVERLAYS)) {
    const opener = document.querySelector<HTMLElement>('[aria-expanded="true"][aria-haspopup], .ant-dropdown-open');
    return opener ?? null;
  }
  return active;
}

/** Whether focus was lost: on the page's body, on an element gone from the page, or on one no longer drawn (a hidden dialog). */
function focusLost(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return typeof active.checkVisibility === 'function' ? !active.checkVisibility() : false;
}

/**
 * Focus back on the trigger when a dialog closes (WCAG 2.4.3). antd's Modal and Drawer restore it
 * themselves when they close with their animation; they cannot when the dialog leaves the page
 * while open (drawn only while open, or its screen unmounts) or when the trigger was an item of a
 * menu that closed with it. A dialog calls this with its `open`: the element focused when it
 * opened is remembered, and if focus is lost when it closes, it goes back there (when that element
 * is still on the page).
 */
export function useReturnFocus(open: boolean): void {
  const trigger = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read as the dialog is first drawn open, before anything in it (an autoFocus field, antd) takes the focus.
  if (open && !wasOpen.current && !trigger.current && typeof document !== 'undefined') trigger.current = triggerOf(document.activeElement);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    restoreSoon(trigger.current);
    trigger.current = null;
  }, [open]);
  // Unmounted while open: the dialog is gone without closing.
  useEffect(
    () => () => {
      if (wasOpen.current) restoreSoon(trigger.current);
    },
    [],
  );
}

/** After the dialog's own restore had its chance (its close animation, its removal), if focus is lost. */
function restoreSoon(el: HTMLElement | null) {
  if (!el) return;
  const attempt = (left: number) => {
    if (!el.isConnected) return;
    if (focusLost()) el.focus({ preventScroll: true });
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  // antd restores focus when its close animation ends; a few frames let it go first.
  setTimeout(() => attempt(20), 0);
}
