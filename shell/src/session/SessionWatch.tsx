import { useEffect } from 'react';
import { api, ApiRequestError, FORBIDDEN_MESSAGE, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { AUTH_MESSAGES, type User } from '@agency/contracts';
import { useLiveQuery, useObservable } from '@agency/ui';
import { playAlert, textAlert, textAnnouncement } from '../frame/alerts';
import { patchSession } from './session';

/** Where a session replaced by a newer sign-in goes. */
export const MULTIPLE_LOGINS_PATH = '/logout?reason=multipleLoginsDetected';

/** A 403 anywhere says so in a toast (one at a time). */
export function installForbiddenToast(): () => void {
  const id = api.interceptors.response.use(undefined, (err: unknown) => {
    if (err instanceof ApiRequestError && err.status === 403) {
      bus.toast({ kind: 'error', message: FORBIDDEN_MESSAGE, key: 'forbidden' });
    }
    return Promise.reject(err);
  });
  return () => api.interceptors.response.eject(id);
}

const USER_FIELDS = new Set<keyof User>([
  'firstName',
  'lastName',
  'avatar',
  'email',
  'mfaEnabled',
  'themeColor',
  'extension',
  'phoneStatus',
  'coaching',
  'mobileLoggedIn',
  'locations',
  'role',
]);

/**
 * Keeps the session honest while the frame is up: a newer sign-in elsewhere signs this one out,
 * the server's own copy of the user is read once after start, and realtime notices become toasts.
 */
export function SessionWatch() {
  const token = useObservable(bus.session$)?.token;

  useEffect(installForbiddenToast, []);

  useEffect(() => {
    const subs = [
      bus.on('unauthorized').subscribe((reason) => {
        if (reason?.message === AUTH_MESSAGES.sessionInvalid) bus.navigate(MULTIPLE_LOGINS_PATH, true);
      }),
      bus.on('message').subscribe((notice) => {
        if (!notice?.message) return;
        // A link into the area already open (chat while in chat) offers nothing new: a passing toast says it.
        const area = (path: string) => path.split('/')[1] ?? '';
        const here = notice.link?.startsWith('/') && area(new URL(notice.link, window.location.origin).pathname) === area(window.location.pathname);
        if (here) bus.toast({ kind: 'info', message: notice.message });
        else bus.toast({ kind: 'info', message: notice.message, link: notice.link, persistent: !!notice.link });
      }),
      // A client's text rings wherever the person is (not in that very room) and is read out everywhere.
      bus.on('sms_room_update').subscribe((event) => {
        const sound = textAlert(event, bus.session$.value?.user.id, window.location.pathname);
        if (sound) playAlert(sound);
        const words = textAnnouncement(event);
        if (words) bus.announce(words);
      }),
      // Texting turned off for the account: Messages leaves the tabs at once.
      bus.on('sms_disabled').subscribe(() => {
        const session = bus.session$.value;
        if (session?.account.messagingEnabled) patchSession({ account: { ...session.account, messagingEnabled: false } });
      }),
      bus.on('users_update').subscribe((update) => {
        const session = bus.session$.value;
        if (!session || update?.id !== session.user.id) return;
        const changes = Object.fromEntries(Object.entries(update).filter(([k]) => USER_FIELDS.has(k as keyof User)));
        if (Object.entries(changes).some(([k, v]) => session.user[k as keyof User] !== v)) patchSession({ user: { ...session.user, ...changes } });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, []);

  // Once per session after start: the server's current view of the user and account (a 401 is
  // handled by the API client; any other failure keeps the stored copy).
  const answer = useLiveQuery(token ? () => usersApi.me().then((me) => ({ token, me })) : null, null, token).data;
  useEffect(() => {
    if (!answer || bus.session$.value?.token !== answer.token) return;
    patchSession(answer.me);
    if (answer.me.mfaSetupRequired) bus.navigate('/mfa-setup', true);
  }, [answer]);

  return null;
}
