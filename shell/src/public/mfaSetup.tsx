// /mfa-setup on a full load: the setup alone, with the app loading behind it; once a code confirms
// it, the session is stored as it now is and the app opens where the person was going.
import { mountPublicPage } from '@agency/ui/src/public/mount';
import MfaSetupPage from '../pages/MfaSetupPage';
import { readStoredSession, storeSession } from '../session/storage';
import { loadTheAppBehind } from './appBehind';

const session = readStoredSession();
if (!session) window.location.replace('/login?redirect=%2Fmfa-setup');
else {
  const page = mountPublicPage((theme) => (
    <MfaSetupPage
      session={session}
      search={window.location.search}
      theme={theme}
      onDone={(done, to) => {
        storeSession(done);
        openTheApp(to);
      }}
    />
  ));
  const openTheApp = loadTheAppBehind(page);
}
