// /login on a full load: the sign-in page alone, with the app loading behind it; signed in, the
// session is stored and the app opens at the redirect.
import LoginPage from '../pages/LoginPage';
import { mountBeforeTheApp } from './appBehind';

mountBeforeTheApp((theme, open) => <LoginPage search={window.location.search} theme={theme} onSignedIn={open} />);
