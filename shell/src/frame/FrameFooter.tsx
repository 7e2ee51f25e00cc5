import { Layout, Switch, Tooltip } from 'antd';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';

export function FrameFooter() {
  const connection = useObservable(bus.connection$);
  const theme = useObservable(bus.theme$);
  const setDark = (dark: boolean) => {
    localStorage.setItem('agency.dark', dark ? '1' : '0');
    document.body.classList.toggle('dark', dark);
    bus.theme$.next({ ...theme, dark });
  };
  return (
    <Layout.Footer style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '8px 16px' }}>
      <Tooltip title={`Connection: ${connection}`}>
        <span aria-label={`Connection ${connection}`} data-connection={connection}>
          {connection === 'connected' ? '●' : '○'}
        </span>
      </Tooltip>
      <span data-testid="app-version">v{__APP_VERSION__}</span>
      <Switch aria-label="Dark mode" checked={theme.dark} onChange={setDark} />
    </Layout.Footer>
  );
}
