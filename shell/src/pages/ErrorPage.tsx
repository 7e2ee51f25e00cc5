import { useRouteError } from 'react-router-dom';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { AgencyTheme } from '@agency/ui';
import { BrandMark } from '@agency/ui/src/public/BrandMark';

/** A file of this app that is gone: a newer release replaced the one this page was loaded from. */
export const isStaleRelease = (error: unknown) => error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk .* failed/i.test(error.message));

function ErrorView({ error }: { error: unknown }) {
  const { token } = theme.useToken();
  const stale = isStaleRelease(error);
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div
      role="alert"
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24, background: token.colorBgLayout }}
    >
      <div style={{ maxWidth: 480, textAlign: 'center' }}>
        <BrandMark size={48} color={token.colorPrimary} />
        <Typography.Title level={3} style={{ marginTop: 20 }}>
          {stale ? 'Agency Desk was updated' : 'Something went wrong'}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {stale ? 'Refresh to load the new version.' : 'The page stopped working. Refresh to try again, or Reload to sign in afresh.'}
        </Typography.Paragraph>
        {!stale && message && (
          <Typography.Paragraph>
            <Typography.Text code style={{ fontSize: 12 }}>
              {message}
            </Typography.Text>
          </Typography.Paragraph>
        )}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'center', marginTop: 8 }}>
          <Button type="primary" onClick={() => window.location.reload()}>
            Refresh
          </Button>
          <Button onClick={() => window.location.assign('/logout')}>Reload</Button>
        </div>
      </div>
    </div>
  );
}

/** What shows when rendering fails: Refresh tries again, Reload signs in afresh. Light, so it works on any page. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <AgencyTheme>
      <ErrorView error={error} />
    </AgencyTheme>
  );
}

/** The router's error element. */
export function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}
