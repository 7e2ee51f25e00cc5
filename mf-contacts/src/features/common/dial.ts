import { bus } from '@agency/bus';
import { formatPhone, notifyWarning } from '@agency/ui';

interface DialCapable {
  dial?: (request: { to: string; name?: string; clientId?: string }) => void;
}

/** Asks the phone remote (through the bus) to call a number, for the contact `clientId` when known; dialable numbers have exactly 11 digits. */
export function placeCall(phone: string | null | undefined, name?: string, clientId?: string): void {
  const digits = (phone ?? '').replace(/\D/g, '');
  const to = digits.length === 10 ? `1${digits}` : digits;
  if (to.length !== 11) {
    notifyWarning(`${formatPhone(phone) || 'This number'} cannot be dialed: numbers need 11 digits`);
    return;
  }
  // the dial request joined the bus after its first release: a shell without it cannot place calls
  const dial = (bus as unknown as DialCapable).dial;
  if (dial) dial.call(bus, { to, name, ...(clientId ? { clientId } : {}) });
  else notifyWarning('The phone is not available in this version of the app');
}
