import type { Peer, PhoneStatus } from '@agency/contracts';

export const STATUS_LABELS: Record<PhoneStatus, string> = {
  available: 'Available',
  away: 'Away',
  lunch: 'Lunch',
  break: 'Break',
  coaching: 'Coaching',
  busy: 'Busy',
  training: 'Training',
  'on call': 'On Call',
  offline: 'Offline',
};

/** One colour per status for the presence dots. */
export const STATUS_COLORS: Record<PhoneStatus, string> = {
  available: '#52c41a',
  away: '#faad14',
  lunch: '#fa8c16',
  break: '#13c2c2',
  coaching: '#722ed1',
  busy: '#f5222d',
  training: '#1677ff',
  'on call': '#eb2f96',
  offline: '#bfbfbf',
};

/** What a colleague's dot shows: signed out everywhere means offline, whatever the stored status. */
export const peerStatus = (p: Peer): PhoneStatus => (p.loggedIn || p.mobileLoggedIn ? p.phoneStatus : 'offline');

const ORDER: PhoneStatus[] = ['available', 'on call', 'coaching', 'busy', 'training', 'break', 'lunch', 'away', 'offline'];
/** Reachable colleagues first, then by name. */
export function sortPeers(peers: Peer[]): Peer[] {
  return [...peers].sort((a, b) => {
    const byStatus = ORDER.indexOf(peerStatus(a)) - ORDER.indexOf(peerStatus(b));
    if (byStatus) return byStatus;
    return `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);
  });
}
