import { useLocation, useNavigate } from 'react-router-dom';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import { saveSession } from '../session/session';
import LoginPage from './LoginPage';

/** /login reached inside the app (signed out, or sent back to sign in): the same page, signing in without a reload. */
export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { dark, color } = useObservable(bus.theme$);
  return (
    <LoginPage
      key={location.key}
      search={location.search}
      theme={{ dark, color }}
      onSignedIn={(session, to) => {
        saveSession(session);
        navigate(to, { replace: true });
      }}
    />
  );
}
