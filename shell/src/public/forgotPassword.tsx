// /forgot-password (and an emailed link, /forgot-password/:userId/:token) on a full load: the page alone.
import ForgotPasswordPage from '../pages/ForgotPasswordPage';
import { mountPublicPage } from '@agency/ui/src/public/mount';

const [, , , token] = window.location.pathname.split('/');

mountPublicPage((theme) => (
  <ForgotPasswordPage search={window.location.search} token={token || undefined} theme={theme} onDone={(to) => window.location.replace(to)} />
));
