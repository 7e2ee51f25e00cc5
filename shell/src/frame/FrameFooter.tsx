import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Badge, Button, Grid, Layout, theme, Tooltip } from 'antd';
import { BugOutlined, BulbOutlined, CustomerServiceOutlined, ReadOutlined } from '@ant-design/icons';
import { trainingsApi } from '@agency/api-client';
import { bus, type ConnectionState } from '@agency/bus';
import { capBadge, useObservable } from '@agency/ui';
import { missingRoles, savedDevice, useMediaDevices } from './devices';
import { ThemeToggle } from './ThemeToggle';
import { useLazyDialogs } from './useLazyDialogs';
import { useAppConfig } from './useAppConfig';

// The footer's dialogs load when first opened: they draw antd's Form and Radio, which the dashboard does not load.
const PhoneSettingsDialog = lazy(() => import('./PhoneSettingsDialog').then((m) => ({ default: m.PhoneSettingsDialog })));
const ReportIssueDialog = lazy(() => import('./ReportIssueDialog').then((m) => ({ default: m.ReportIssueDialog })));
const TrainingsDialog = lazy(() => import('./TrainingsDialog').then((m) => ({ default: m.TrainingsDialog })));
type FooterDialog = 'issue' | 'trainings' | 'phone';

type ScreenSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';
/** One letter per antd breakpoint: Tiny, Small, Medium, Large, X-large, Huge. */
export const SCREEN_LETTERS: Record<ScreenSize, string> = { xs: 'T', sm: 'S', md: 'M', lg: 'L', xl: 'X', xxl: 'H' };
const ORDER: ScreenSize[] = ['xxl', 'xl', 'lg', 'md', 'sm', 'xs'];
export const screenSize = (screens: Partial<Record<ScreenSize, boolean>>): ScreenSize => ORDER.find((s) => screens[s]) ?? 'xs';

const CONNECTION: Record<ConnectionState, { label: string; color: string }> = {
  connected: { label: 'Connected', color: '#52c41a' },
  connecting: { label: 'Connecting', color: '#faad14' },
  reconnecting: { label: 'Reconnecting', color: '#faad14' },
  offline: { label: 'Offline', color: '#bfbfbf' },
  unauthorized: { label: 'Signed out elsewhere', color: '#f5222d' },
};

/** The connection's dot and word; on a phone the dot alone (the word is still read out). */
function ConnectionIndicator({ short }: { short: boolean }) {
  const state = useObservable(bus.connection$);
  const { label, color } = CONNECTION[state];
  return (
    <span role="status" aria-label={`Connection: ${label}`} data-connection={state} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span
        aria-hidden
        className={state === 'connecting' || state === 'reconnecting' ? 'frame-pulse' : undefined}
        style={{ width: 8, height: 8, borderRadius: '50%', background: color, display: 'inline-block' }}
      />
      {!short && label}
    </span>
  );
}

/** The footer: connection, version, screen size, theme, report an issue, feature requests, trainings, phone settings. */
export function FrameFooter() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const size = screenSize(screens);
  const phone = !screens.sm;
  const config = useAppConfig();
  const { open: dialog, opened, show: setDialog, close: closeDialog } = useLazyDialogs<FooterDialog>();
  const [newTrainings, setNewTrainings] = useState(0);
  const { devices, refresh: refreshDevices } = useMediaDevices();
  const [saved, setSaved] = useState(() => ({ output: savedDevice('output'), input: savedDevice('input'), ring: savedDevice('ring') }));
  const missing = missingRoles(devices, saved);

  const loadCount = useCallback(() => {
    trainingsApi.count().then(setNewTrainings, () => undefined);
  }, []);
  useEffect(loadCount, [loadCount]);
  // a training added meanwhile counts at once
  useEffect(() => {
    const sub = bus.on('trainings_new').subscribe(loadCount);
    return () => sub.unsubscribe();
  }, [loadCount]);

  const close = () => {
    if (dialog === 'trainings') loadCount();
    closeDialog();
  };

  return (
    <Layout.Footer
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: phone ? 8 : 16,
        padding: phone ? '4px 8px' : '4px 12px 4px 16px',
        height: 40,
        fontSize: 12,
        color: token.colorTextSecondary,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <ConnectionIndicator short={phone} />
      <span data-testid="app-version">v{__APP_VERSION__}</span>
      <Tooltip title={`Screen size: ${size}`}>
        <span aria-label={`Screen size ${size}`} data-testid="screen-size" style={{ fontWeight: 600, minWidth: 10 }}>
          {SCREEN_LETTERS[size]}
        </span>
      </Tooltip>
      <span style={{ flex: 1 }} />
      <ThemeToggle />
      <Tooltip title="Report an issue">
        <Button type="text" size="small" icon={<BugOutlined />} aria-label="Report an issue" onClick={() => setDialog('issue')} />
      </Tooltip>
      {config?.featureRequestUrl && (
        <Tooltip title="Request a feature">
          <Button
            type="text"
            size="small"
            icon={<BulbOutlined />}
            aria-label="Request a feature"
            href={config.featureRequestUrl}
            target="_blank"
            rel="noopener noreferrer"
          />
        </Tooltip>
      )}
      <Tooltip title="Trainings">
        <Badge count={capBadge(newTrainings)} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            size="small"
            icon={<ReadOutlined />}
            aria-label={newTrainings ? `Trainings, ${newTrainings} new` : 'Trainings'}
            onClick={() => setDialog('trainings')}
          />
        </Badge>
      </Tooltip>
      <Tooltip title={missing.length ? 'Phone settings: a device is missing' : 'Phone settings'}>
        <Button
          type="text"
          danger={missing.length > 0}
          size="small"
          icon={
            <Badge dot={missing.length > 0} offset={[-1, 1]}>
              <CustomerServiceOutlined style={missing.length ? { color: token.colorError } : undefined} />
            </Badge>
          }
          style={missing.length ? { background: token.colorErrorBg } : undefined}
          aria-label={missing.length ? 'Phone settings (a device is missing)' : 'Phone settings'}
          data-missing={missing.join(',') || undefined}
          onClick={() => {
            void refreshDevices();
            setDialog('phone');
          }}
        />
      </Tooltip>
      <Suspense fallback={null}>
        {opened.issue && <ReportIssueDialog open={dialog === 'issue'} onClose={close} />}
        {opened.trainings && <TrainingsDialog open={dialog === 'trainings'} onClose={close} />}
        {opened.phone && (
          <PhoneSettingsDialog
            open={dialog === 'phone'}
            onClose={close}
            devices={devices}
            missing={missing}
            onChange={() => setSaved({ output: savedDevice('output'), input: savedDevice('input'), ring: savedDevice('ring') })}
          />
        )}
      </Suspense>
    </Layout.Footer>
  );
}
