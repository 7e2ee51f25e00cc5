import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { clearSession } from '../session/session';

/** Waits 1 second, signs out, clears persisted state and goes to /login keeping the reason. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  useEffect(() => {
    const hadSession = !!bus.session$.value;
    if (hadSession && reason !== 'multipleLoginsDetected' && reason !== 'sessionExpired') void authApi.signOut().catch(() => undefined);
    const t = setTimeout(() => {
      clearSession();
      navigate(reason ? `/login?reason=${encodeURIComponent(reason)}` : '/login', { replace: true });
    }, 1000);
    return () => clearTimeout(t);
  }, [navigate, reason]);
  return (
    <div className="boot" role="status">
      Signing out
    </div>
  );
}
