import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { bus } from '@agency/bus';
import { useObservable } from '@agency/ui';
import ForgotPasswordPage from './ForgotPasswordPage';

/** /forgot-password reached inside the app: the same page, back to sign in without a reload. */
export default function ForgotPasswordRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = useParams();
  const { dark, color } = useObservable(bus.theme$);
  return (
    <ForgotPasswordPage key={location.key} search={location.search} token={token} theme={{ dark, color }} onDone={(to) => navigate(to, { replace: true })} />
  );
}
