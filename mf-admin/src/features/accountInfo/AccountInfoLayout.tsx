import { Flex, Grid, Menu, Tag, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { FORBIDDEN_MESSAGE } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole } from '@agency/contracts';
import { useObservable } from '@agency/ui';
import { BillingPage } from '../billing/BillingPage';
import { AccountDetailsPage } from './AccountDetailsPage';
import { LocationsPage } from '../locations/LocationsPage';
import { PhoneNumbersPage } from '../phoneNumbers/PhoneNumbersPage';
import { MobileAppPage } from '../mobileApp/MobileAppPage';
import { mayLeave } from '../settings/unsaved';

export const ACCOUNT_INFO_BASE = '/account/info';

/** The tabs of /account/info (spec 002): a page joins the vertical tab bar with one entry here. */
export const ACCOUNT_INFO_TABS: { path: string; label: ReactNode; element: ReactNode }[] = [
  { path: 'settings', label: 'Settings', element: <AccountDetailsPage /> },
  { path: 'billing', label: 'Billing', element: <BillingPage /> },
  { path: 'locations', label: 'Locations', element: <LocationsPage /> },
  { path: 'phonenumbers', label: 'Phone Numbers', element: <PhoneNumbersPage /> },
  {
    path: 'mobileapp',
    label: (
      <span>
        Client Mobile App <Tag color="purple">beta</Tag>
      </span>
    ),
    element: <MobileAppPage />,
  },
];

/**
 * /account/info: the account's own pages in a vertical tab bar whose tab follows the first path
 * segment after /account/info/. Super, owner and admin (the server refuses anyone else).
 */
export function AccountInfoLayout() {
  const session = useObservable(bus.session$);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Under 768 px (phones, tablets upright) the sections run across the top, above the section.
  const screens = Grid.useBreakpoint();
  const narrow = (!!screens.xs || !!screens.sm) && !screens.md;
  const current = pathname.slice(ACCOUNT_INFO_BASE.length).split('/').filter(Boolean)[0] ?? '';
  const refused = !!session && !isAdminRole(session.user.role);
  // Sent to their profile, the person is told why (the spec's words for a refusal).
  useEffect(() => {
    if (refused) bus.toast({ kind: 'error', message: FORBIDDEN_MESSAGE, key: 'account-forbidden' });
  }, [refused]);
  if (!session) return null;
  if (refused) return <Navigate to="/profile" replace />;
  const first = ACCOUNT_INFO_TABS[0]!.path;
  if (!ACCOUNT_INFO_TABS.some((t) => t.path === current)) return <Navigate to={`${ACCOUNT_INFO_BASE}/${first}${search}`} replace />;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Account
      </Typography.Title>
      <Flex gap={narrow ? 12 : 24} align={narrow ? 'stretch' : 'flex-start'} vertical={narrow} wrap={false}>
        <nav aria-label="Account sections" style={narrow ? { minWidth: 0 } : { flex: '0 0 200px' }}>
          <Menu
            mode={narrow ? 'horizontal' : 'vertical'}
            selectedKeys={[current]}
            onClick={({ key }) => void mayLeave().then((ok) => ok && navigate(`${ACCOUNT_INFO_BASE}/${key}`))}
            items={ACCOUNT_INFO_TABS.map((t) => ({ key: t.path, label: t.label }))}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            {ACCOUNT_INFO_TABS.map((t) => (
              <Route key={t.path} path={`${t.path}/*`} element={t.element} />
            ))}
          </Routes>
        </div>
      </Flex>
    </div>
  );
}
