import { Spin, theme } from 'antd';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';

/** Covers the app while bus.loading$ is on. */
export function LoadingOverlay() {
  const loading = useObservable(bus.loading$);
  const { token } = theme.useToken();
  if (!loading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1800,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorBgMask,
      }}
    >
      <Spin size="large" />
      <span style={{ color: '#fff', fontSize: 16, fontWeight: 500 }}>Loading</span>
    </div>
  );
}
