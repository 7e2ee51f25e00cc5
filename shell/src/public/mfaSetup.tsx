// /mfa-setup on a full load: the setup alone, with the app loading behind it; once a code confirms
// it, the session is stored as it now is and the app opens where the person was going.
import MfaSetupPage from '../pages/MfaSetupPage';
import { readStoredSession } from '../session/storage';
import { mountBeforeTheApp } from './appBehind';

const session = readStoredSession();
if (!session) window.location.replace('/login?redirect=%2Fmfa-setup');
else mountBeforeTheApp((theme, open) => <MfaSetupPage session={session} search={window.location.search} theme={theme} onDone={open} />);
