import { useCallback, useState } from 'react';
import { Grid } from 'antd';

/** Where this browser keeps the side nav's state (collapsed or open), so a reload keeps the person's choice. */
export const SIDE_NAV_KEY = 'agency.frame.sideNav';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const browserStore = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (private windows, blocked cookies): the choice lasts the visit
  }
};

/** Whether the side nav was left collapsed in this browser; open when nothing was chosen yet. */
export function loadSideNavCollapsed(store: Store | null = browserStore()): boolean {
  try {
    return store?.getItem(SIDE_NAV_KEY) === 'collapsed';
  } catch {
    return false;
  }
}

/** Remembers the side nav's state in this browser. */
export function saveSideNavCollapsed(collapsed: boolean, store: Store | null = browserStore()): void {
  try {
    store?.setItem(SIDE_NAV_KEY, collapsed ? 'collapsed' : 'open');
  } catch {
    // a full or refused storage keeps the choice for this visit only
  }
}

/** The side nav's collapsed state, read from and written to this browser's storage. */
export function useSideNavCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(loadSideNavCollapsed);
  const set = useCallback((next: boolean) => {
    setCollapsed(next);
    saveSideNavCollapsed(next);
  }, []);
  return [collapsed, set];
}

type Screens = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', boolean>>;

/** How the frame is laid out at a screen size (antd's breakpoints). */
export interface FrameLayout {
  /** Under 992 px (phones, tablets upright): the side nav and the top tabs are one drawer opened from the menu button. */
  drawerNav: boolean;
  /** Under 576 px (phones): the search is a button that opens a full-width box; dialogs fill the screen. */
  phone: boolean;
  /** Under 1200 px: tighter top tabs and a narrower search (the brand's and the profile's names hide, in app.css). */
  compactHeader: boolean;
}

export function frameLayout(screens: Screens): FrameLayout {
  return { drawerNav: !screens.lg, phone: !screens.sm, compactHeader: !screens.xl };
}

/** The frame's layout at the window's current size, following it as it changes. */
export function useFrameLayout(): FrameLayout {
  return frameLayout(Grid.useBreakpoint());
}
