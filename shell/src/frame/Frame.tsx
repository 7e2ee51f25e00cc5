import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Badge, Layout, Tabs } from 'antd';
import { bus } from '@agency/bus';
import { AgencyTheme, capBadge, fullName, useObservable } from '@agency/ui';
import { activeTab, TOP_TABS } from '../routes';
import { FrameFooter } from './FrameFooter';

/** The authenticated frame: top tabs, side navigation, the remote's area and the footer. */
export default function Frame() {
  const session = useObservable(bus.session$)!;
  const badges = useObservable(bus.badges$);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    bus.connect({
      namespace: session.account.dbName,
      token: session.token,
      userId: session.user.id,
      name: fullName(session.user),
      version: __APP_VERSION__,
    });
    return () => bus.disconnect();
  }, [session.token, session.account.dbName, session.user]);

  const tabs = TOP_TABS.filter((t) => t.key !== 'messages' || session.account.messagingEnabled);
  return (
    <AgencyTheme>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 16 }}>
          <strong style={{ color: '#fff' }}>Agency Desk</strong>
          <Tabs
            activeKey={activeTab(location.pathname) ?? ''}
            onChange={(key) => navigate(tabs.find((t) => t.key === key)!.path)}
            items={tabs.map((t) => ({
              key: t.key,
              label: t.badge ? (
                <Badge count={capBadge(badges[t.badge])} size="small" offset={[8, -2]}>
                  <span>{t.label}</span>
                </Badge>
              ) : (
                t.label
              ),
            }))}
          />
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
        <FrameFooter />
      </Layout>
    </AgencyTheme>
  );
}
