import type { BadgeName, DesktopNotice, PhoneStatus } from '@agency/contracts';
import type { Bus } from './index';

/** The user's own presence, as the peers list (or else the session) says. */
function ownStatus(bus: Bus): PhoneStatus | undefined {
  const me = bus.session$.value?.user;
  if (!me) return undefined;
  return bus.peers$.value.find((p) => p.id === me.id)?.phoneStatus ?? me.phoneStatus;
}

/** Desktop notifications show only while the window is blurred and the user is available. */
export function shouldNotifyDesktop(bus: Bus): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  if (typeof document !== 'undefined' && document.hasFocus()) return false;
  return ownStatus(bus) === 'available';
}

function showDesktop(bus: Bus, n: DesktopNotice) {
  if (!shouldNotifyDesktop(bus)) return;
  const note = new Notification(n.title, { body: n.body, tag: n.tag });
  note.onclick = () => {
    window.focus();
    if (n.link) bus.navigate(n.link);
    note.close();
  };
}

/**
 * Server notices every part of the app shares: nav badge counts and desktop notifications. (The
 * realtime 'message' notice becomes a toast in the shell.)
 */
export function handleNotice(bus: Bus, event: string, payload: unknown): void {
  if (event === 'badge') {
    const b = payload as { name: BadgeName; count: number };
    bus.setBadge(b.name, b.count);
  } else if (event === 'phone_workCount') {
    // the Phone tab's badge as soon as the count arrives (on connect), not once the phone's code has loaded
    bus.setBadge('phone', (payload as { count: number }).count);
  } else if (event === 'notify') {
    showDesktop(bus, payload as DesktopNotice);
  }
}
