import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Tabs } from 'antd';
import { bus } from '@agency/bus';
import { capBadge, useObservable } from '@agency/ui';
import { activeTab, TOP_TABS, type TopTab } from '../routes';

/** The top tabs this account shows: Messages only when it has messaging. */
export const shownTabs = (messagingEnabled: boolean): TopTab[] => TOP_TABS.filter((t) => t.key !== 'messages' || messagingEnabled);

/** The top tabs; Messages only when the account has messaging; badges from the bus, capped at 99. */
export function TopNav({ messagingEnabled, gutter }: { messagingEnabled: boolean; gutter?: number }) {
  const badges = useObservable(bus.badges$);
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = shownTabs(messagingEnabled);
  return (
    <Tabs
      className="frame-tabs"
      activeKey={activeTab(location.pathname) ?? ''}
      onChange={(key) => navigate(tabs.find((t) => t.key === key)!.path)}
      tabBarStyle={{ marginBottom: 0 }}
      tabBarGutter={gutter}
      items={tabs.map((t) => {
        const count = t.badge ? badges[t.badge] : 0;
        return {
          key: t.key,
          label: count ? (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              {t.label}
              <Badge count={capBadge(count)} overflowCount={99} size="small" data-testid={`badge-${t.key}`} />
            </span>
          ) : (
            t.label
          ),
        };
      })}
    />
  );
}
