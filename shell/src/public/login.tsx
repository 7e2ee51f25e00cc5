// /login on a full load: the sign-in page alone, with the app loading behind it; signed in, the
// session is stored and the app opens at the redirect.
import LoginPage from '../pages/LoginPage';
import { storeSession } from '../session/storage';
import { mountPublicPage } from '@agency/ui/src/public/mount';
import { loadTheAppBehind } from './appBehind';

const page = mountPublicPage((theme) => (
  <LoginPage
    search={window.location.search}
    theme={theme}
    onSignedIn={(session, to) => {
      storeSession(session);
      openTheApp(to);
    }}
  />
));
const openTheApp = loadTheAppBehind(page);
