import { phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { PhoneStatus } from '@agency/contracts';
import { rememberNumber } from '../device/dialer';
import { Softphone } from '../device/softphone';

/*
 * The signed-in user's phone, one per page: the drawer starts it and stops it. Presence goes to
 * 'on call' while a call is connected and back to what it was after (spec 000 §4); the phone's
 * notices are toasts; numbers called or calling are remembered for the Recent list.
 */
let phone: Softphone | null = null;

export function startPhone(): Softphone {
  if (phone) return phone;
  let before: PhoneStatus | null = null;
  const created = new Softphone(phoneApi.token, {
    onCallActive(active) {
      const session = bus.session$.value;
      if (!session) return;
      if (active) {
        before = session.user.phoneStatus === 'on call' ? before : session.user.phoneStatus;
        bus.emit('users_phoneStatus', 'on call');
      } else {
        bus.emit('users_phoneStatus', before && before !== 'offline' ? before : 'available');
        before = null;
      }
    },
    onNotice(kind, message) {
      bus.toast({ kind, message });
    },
  });
  created.state$.subscribe((s) => s.call && rememberNumber(s.call.number));
  phone = created;
  void created.start();
  return created;
}

export function stopPhone() {
  phone?.destroy();
  phone = null;
}
