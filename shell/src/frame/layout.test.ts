import { act, renderHook } from '@testing-library/react';
import { frameLayout, loadSideNavCollapsed, saveSideNavCollapsed, SIDE_NAV_KEY, useSideNavCollapsed } from './layout';

beforeEach(() => localStorage.clear());

describe('the side nav remembered in this browser', () => {
  it('starts open when nothing was chosen, and reads back what was saved', () => {
    expect(loadSideNavCollapsed()).toBe(false);
    saveSideNavCollapsed(true);
    expect(localStorage.getItem(SIDE_NAV_KEY)).toBe('collapsed');
    expect(loadSideNavCollapsed()).toBe(true);
    saveSideNavCollapsed(false);
    expect(localStorage.getItem(SIDE_NAV_KEY)).toBe('open');
    expect(loadSideNavCollapsed()).toBe(false);
  });

  it('keeps working when the storage refuses to read or write', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadSideNavCollapsed(refusing)).toBe(false);
    expect(() => saveSideNavCollapsed(true, refusing)).not.toThrow();
    expect(loadSideNavCollapsed(null)).toBe(false);
  });

  it('the hook starts from the saved choice and saves each change (a remount is a reload)', () => {
    localStorage.setItem(SIDE_NAV_KEY, 'collapsed');
    const first = renderHook(() => useSideNavCollapsed());
    expect(first.result.current[0]).toBe(true);
    act(() => first.result.current[1](false));
    expect(first.result.current[0]).toBe(false);
    first.unmount();
    const again = renderHook(() => useSideNavCollapsed());
    expect(again.result.current[0]).toBe(false);
    act(() => again.result.current[1](true));
    again.unmount();
    expect(renderHook(() => useSideNavCollapsed()).result.current[0]).toBe(true);
  });
});

describe('frameLayout', () => {
  const upTo = (bp: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl') => {
    const order = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
    return Object.fromEntries(order.map((b) => [b, order.indexOf(b) <= order.indexOf(bp)]));
  };

  it('a phone: the nav in a drawer, the search behind a button', () => {
    expect(frameLayout(upTo('xs'))).toEqual({ drawerNav: true, phone: true, compactHeader: true });
  });

  it('a tablet upright: the nav in a drawer, the search box in the header', () => {
    expect(frameLayout(upTo('md'))).toEqual({ drawerNav: true, phone: false, compactHeader: true });
  });

  it('a small laptop: the side nav and the tabs, tighter', () => {
    expect(frameLayout(upTo('lg'))).toEqual({ drawerNav: false, phone: false, compactHeader: true });
  });

  it('1280 and wider: the full header', () => {
    expect(frameLayout(upTo('xl'))).toEqual({ drawerNav: false, phone: false, compactHeader: false });
    expect(frameLayout(upTo('xxl'))).toEqual({ drawerNav: false, phone: false, compactHeader: false });
  });

  it('before the breakpoints are known (nothing matched yet), the smallest layout', () => {
    expect(frameLayout({})).toEqual({ drawerNav: true, phone: true, compactHeader: true });
  });
});
