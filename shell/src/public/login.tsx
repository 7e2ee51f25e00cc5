// /login on a full load: the sign-in page alone. A signed-in session is stored and the app loads.
import { createRoot } from 'react-dom/client';
import { DEFAULT_THEME_COLOR } from '@agency/contracts/src/constants';
import LoginPage from '../pages/LoginPage';
import { storeSession } from '../session/storage';

const theme = { dark: localStorage.getItem('agency.dark') === '1', color: DEFAULT_THEME_COLOR };

createRoot(document.getElementById('root')!).render(
  <LoginPage
    search={window.location.search}
    theme={theme}
    onSignedIn={(session, to) => {
      storeSession(session);
      window.location.replace(to);
    }}
  />,
);
