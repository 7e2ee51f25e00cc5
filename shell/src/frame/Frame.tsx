import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Button, Layout, Spin, theme, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { AgencyTheme, fullName, useObservable } from '@agency/ui';
import { IdleWatch } from '../idle/IdleWatch';
import { lock$ } from '../lock/lock';
import { BrandMark } from '@agency/ui/src/public/BrandMark';
import { SessionWatch } from '../session/SessionWatch';
import { myStatus, setMyStatus } from '../session/status';
import { ConfirmHost } from './ConfirmHost';
import { ConfettiOverlay } from './ConfettiOverlay';
import { FrameErrorBoundary } from './ErrorBoundary';
import { FrameFooter } from './FrameFooter';
import { LiveAnnouncer } from './LiveAnnouncer';
import { LoadingOverlay } from './LoadingOverlay';
import { PhoneDrawerSlot } from './PhoneDrawerSlot';
import { BackgroundSlots } from './BackgroundSlots';
import { NewReleaseNotice } from './NewReleaseNotice';
import { watchFirstScreen } from '../firstScreen';
import { watchSetupCompletion } from './setupCompletion';
import { preloadAreasAfterFirstScreen } from '../remotes/afterFirstScreen';
import { CONTACT_SEARCH_SOURCES, HeaderSearch, SEARCH_SOURCES } from './HeaderSearch';
import { ProfileMenu } from './ProfileMenu';
import { SideNav } from './SideNav';
import { useFrameLayout, useSideNavCollapsed } from './layout';
import { activeTab, TOP_TABS } from '../routes';
import { SiteSimulatedBanner } from './SimulatedBanner';
import { ToastHost } from './ToastHost';
import { TopNav } from './TopNav';

// Loaded when the screen first locks: it draws antd's Form, which the dashboard does not load. Until it
// is in, the page is covered as the lock screen covers it.
const LockScreen = lazy(() => import('../lock/LockScreen').then((m) => ({ default: m.LockScreen })));
// Loaded when the side nav's drawer first opens (phones and tablets): antd's Drawer and Menu, which no first screen draws.
const SideNavDrawer = lazy(() => import('./SideNavDrawer').then((m) => ({ default: m.SideNavDrawer })));

/** Moves focus to the page itself (the router owns the URL, so the link's #main is not followed). */
function skipToMain(e: React.MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}

function FrameBody() {
  const session = useObservable(bus.session$)!;
  const locked = !!useObservable(lock$);
  // Wide screens: the side nav beside the page, collapsed or open as this browser last left it.
  // Phones and tablets: the side nav and the top tabs are a drawer opened from the menu button.
  const [collapsed, setCollapsed] = useSideNavCollapsed();
  const layout = useFrameLayout();
  const [navOpen, setNavOpen] = useState(false);
  // the drawer is drawn from its first opening on (it animates closed rather than vanishing)
  const [navOpened, setNavOpened] = useState(false);
  if (navOpen && !navOpened) setNavOpened(true);
  const location = useLocation();
  // a drawer left open closes when the window grows past the breakpoint
  useEffect(() => {
    if (!layout.drawerNav) setNavOpen(false);
  }, [layout.drawerNav]);
  const pageTab = TOP_TABS.find((t) => t.key === activeTab(location.pathname));
  const { token } = theme.useToken();
  const { token: authToken, account, user } = session;
  const name = fullName(user);

  // Only the bus owns the socket; the frame says when to open and close it.
  useEffect(() => {
    bus.connect({ namespace: account.dbName, token: authToken, userId: user.id, name, version: __APP_VERSION__ });
    return () => bus.disconnect();
  }, [authToken, account.dbName, user.id, name]);

  // Once the first screen is drawn and the page idle: the code of every area this person may open.
  useEffect(() => watchFirstScreen(), []);
  useEffect(() => watchSetupCompletion(), []);
  useEffect(() => preloadAreasAfterFirstScreen(user.role), [user.role]);

  // Signed in and connected: someone still marked offline becomes available.
  useEffect(() => {
    const sub = bus.connection$.subscribe((state) => {
      if (state === 'connected' && myStatus() === 'offline') setMyStatus('available');
    });
    return () => sub.unsubscribe();
  }, []);

  return (
    <>
      <ToastHost />
      <LiveAnnouncer />
      <ConfirmHost />
      <LoadingOverlay />
      <ConfettiOverlay />
      <SessionWatch />
      <IdleWatch />
      {locked && (
        <Suspense
          fallback={<div aria-busy="true" style={{ position: 'fixed', inset: 0, zIndex: 1500, background: token.colorBgMask, backdropFilter: 'blur(14px)' }} />}
        >
          <LockScreen />
        </Suspense>
      )}
      <Layout style={{ height: '100vh' }} inert={locked} aria-hidden={locked || undefined}>
        {/* the first stop of the Tab key: past the header and the side nav to the page */}
        <a href="#main" className="skip-link" onClick={skipToMain}>
          Skip to main content
        </a>
        <SiteSimulatedBanner />
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            height: 56,
            lineHeight: 'normal',
            paddingInline: layout.phone ? '4px 8px' : '12px 16px',
            position: 'relative',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {layout.drawerNav ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={navOpen}
              onClick={() => setNavOpen(true)}
            />
          ) : (
            <Tooltip title={collapsed ? 'Expand menu' : 'Collapse menu'} placement="right">
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed(!collapsed)}
              />
            </Tooltip>
          )}
          <Link
            to="/"
            aria-label="Agency Desk home"
            style={{ display: 'flex', alignItems: 'center', gap: 10, marginRight: layout.drawerNav ? 4 : 24, color: token.colorText, flex: 'none' }}
          >
            <BrandMark size={30} color={token.colorPrimary} />
            <span className="frame-brand-name" style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
              Agency Desk
            </span>
          </Link>
          {layout.drawerNav ? (
            // the top tabs are in the drawer: the header names the page's tab
            <span
              data-testid="frame-page-name"
              style={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {pageTab?.label}
            </span>
          ) : (
            <div style={{ flex: 1, minWidth: 0, alignSelf: 'stretch', display: 'flex', alignItems: 'flex-end' }}>
              <TopNav messagingEnabled={account.messagingEnabled} gutter={layout.compactHeader ? 20 : undefined} />
            </div>
          )}
          <HeaderSearch
            sources={account.messagingEnabled ? SEARCH_SOURCES : CONTACT_SEARCH_SOURCES}
            compact={layout.phone}
            width={layout.compactHeader ? 200 : 260}
          />
          <ProfileMenu session={session} />
        </Layout.Header>
        {/* a row: the side nav (when beside the page), the page and its footer, the phone drawer */}
        <Layout hasSider>
          {layout.drawerNav ? (
            navOpened && (
              <Suspense fallback={null}>
                <SideNavDrawer session={session} open={navOpen} onClose={() => setNavOpen(false)} />
              </Suspense>
            )
          ) : (
            <SideNav session={session} collapsed={collapsed} />
          )}
          <Layout style={{ minWidth: 0 }}>
            <Layout.Content style={{ overflow: 'auto', padding: layout.phone ? 12 : 20 }} id="main" tabIndex={-1}>
              {/* pages load on their own; the frame stays while they do */}
              <Suspense
                fallback={
                  <div style={{ padding: 48, textAlign: 'center' }}>
                    <Spin aria-label="Loading" />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </Layout.Content>
            <FrameFooter />
          </Layout>
          <PhoneDrawerSlot />
          <BackgroundSlots />
          <NewReleaseNotice />
        </Layout>
      </Layout>
    </>
  );
}

/** The authenticated frame: top tabs, profile menu, side navigation, the page, the footer, and the lock screen. */
export default function Frame() {
  return (
    <AgencyTheme>
      <FrameErrorBoundary>
        <FrameBody />
      </FrameErrorBoundary>
    </AgencyTheme>
  );
}
