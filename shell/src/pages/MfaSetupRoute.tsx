import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { saveSession } from '../session/session';
import MfaSetupPage from './MfaSetupPage';

/** /mfa-setup reached inside the app (after a sign-in, or sent back by the server): the same page, going on without a reload. */
export default function MfaSetupRoute() {
  const session = useObservable(bus.session$);
  const location = useLocation();
  const navigate = useNavigate();
  const { dark, color } = useObservable(bus.theme$);
  if (!session) return <Navigate to="/login?redirect=%2Fmfa-setup" replace />;
  return (
    <MfaSetupPage
      session={session}
      search={location.search}
      theme={{ dark, color }}
      onDone={(done, to) => {
        saveSession(done);
        navigate(to, { replace: true });
      }}
    />
  );
}
