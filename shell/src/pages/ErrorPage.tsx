import { useRouteError } from 'react-router-dom';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { AgencyTheme } from '@agency/ui';

/** A file of this app that is gone: a newer release replaced the one this page was loaded from. */
export const isStaleRelease = (error: unknown) => error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk .* failed/i.test(error.message));

/** What shows when rendering fails: Refresh tries again, Reload signs in afresh. */
export function ErrorPage({ error }: { error: unknown }) {
  const stale = isStaleRelease(error);
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <AgencyTheme>
      <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }} role="alert">
        <Result
          status={stale ? 'info' : '500'}
          title={stale ? 'Agency Desk was updated' : 'Something went wrong'}
          subTitle={
            stale ? (
              'Refresh to load the new version.'
            ) : (
              <>
                The page stopped working. Refresh to try again, or Reload to sign in afresh.
                {message && (
                  <>
                    <br />
                    <code style={{ fontSize: 12 }}>{message}</code>
                  </>
                )}
              </>
            )
          }
          extra={[
            <Button key="refresh" type="primary" onClick={() => window.location.reload()}>
              Refresh
            </Button>,
            <Button key="reload" onClick={() => window.location.assign('/logout')}>
              Reload
            </Button>,
          ]}
        />
      </div>
    </AgencyTheme>
  );
}

/** The router's error element. */
export function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}
