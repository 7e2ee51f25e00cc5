import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { RouteError } from './pages/ErrorPage';
import { REMOTE_ROUTES } from './routes';
import { preloadable } from './preloadable';
import type { RemoteParcel as RemoteParcelArea } from './remotes/RemoteParcel';

const LoginPage = lazy(() => import('./pages/LoginRoute'));
const LogoutPage = lazy(() => import('./pages/LogoutPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordRoute'));
const MfaSetupPage = lazy(() => import('./pages/MfaSetupRoute'));
const TrainingPage = lazy(() => import('./pages/TrainingPage'));
const Frame = preloadable(() => import('./frame/Frame'));
const Dashboard = preloadable(() => import('./pages/Dashboard'));
// Remote areas load single-spa and the remote registry's UI only when one is shown.
const RemoteParcel = preloadable<ComponentProps<typeof RemoteParcelArea>>(() => import('./remotes/RemoteParcel').then((m) => ({ default: m.RemoteParcel })));

function Loading() {
  return (
    <div className="boot" role="status">
      Loading
    </div>
  );
}

/** Bus navigation requests (from remotes, the API client) go through the one router. */
function BusNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = bus.navigate$.subscribe(({ to, replace }) => navigate(to, { replace }));
    return () => sub.unsubscribe();
  }, [navigate]);
  return null;
}

function Root() {
  return (
    <>
      <BusNavigation />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Any authenticated path: without a session, off to /login with the way back; MFA setup first when it is required. */
function RequireSession() {
  const session = useObservable(bus.session$);
  const location = useLocation();
  const here = location.pathname + location.search;
  const redirect = location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(here)}`;
  if (!session) return <Navigate to={`/login${redirect}`} replace />;
  if (session.mfaSetupRequired) return <Navigate to={`/mfa-setup${redirect}`} replace />;
  return <Frame />;
}

const routes = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/forgot-password/:userId/:token', element: <ForgotPasswordPage /> },
      { path: '/mfa-setup', element: <MfaSetupPage /> },
      { path: '/trainings/:id', element: <TrainingPage /> },
      {
        path: '/',
        element: <RequireSession />,
        children: [
          { index: true, element: <Dashboard /> },
          ...REMOTE_ROUTES.map((r) => ({ path: r.path, element: <RemoteParcel key={r.remote} name={r.remote} /> })),
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

/**
 * Preloads what the signed-in app draws first (the frame, the dashboard, the remote areas), before
 * anyone is signed in, so that it draws at once; and, without waiting for it, the code of what they
 * mount from the remotes.
 */
export const preloadSignedIn = () => {
  void import('./remotes/preload').then((m) => m.preloadFirstModules());
  return Promise.all([Frame.preload(), Dashboard.preload(), RemoteParcel.preload()]);
};

/** The app; `onShown` is told once it has drawn (the sign-in page it was loaded behind then leaves). */
export function App({ onShown }: { onShown?: () => void }) {
  // Made as the app first renders: it starts from the address of that moment (a sign-in may have just set it).
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => onShown?.(), [onShown]);
  return <RouterProvider router={router} />;
}
