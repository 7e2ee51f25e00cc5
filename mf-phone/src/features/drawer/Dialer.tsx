import { useEffect, useState } from 'react';
import { Alert, Avatar, Badge, Button, Empty, Spin, Tabs, theme, Tooltip } from 'antd';
import { CustomerServiceOutlined, PhoneOutlined, StarFilled } from '@ant-design/icons';
import { clientsApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { ClientListItem } from '@agency/contracts';
import { clientDisplayName, formatPhone, fullName, initials, peerStatus, sortPeers, STATUS_COLORS, STATUS_LABELS, useObservable } from '@agency/ui';
import { canDial, dialerValue, recentNumbers } from '../device/dialer';
import { NumberInput } from './NumberInput';

const KEYS: Array<[string, string]> = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
];

export interface DialerProps {
  ready: boolean;
  /** Places a call; a contact's call names them (`clientId`), as a call from their record does. */
  onDial(to: string, name?: string, clientId?: string): void;
  /** Joins a colleague's call as their coach (heard only by them). */
  onCoach?(userId: string): void;
}

function Keypad({ ready, onDial }: DialerProps) {
  const { token } = theme.useToken();
  const [number, setNumber] = useState('');
  const dialable = canDial(number);
  const press = (key: string) => /\d/.test(key) && setNumber((n) => dialerValue(n + key));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <NumberInput
        aria-label="Phone number"
        placeholder="+1-512-555-0100"
        value={number}
        onChange={setNumber}
        onKeyDown={(e) => {
          // Enter dials only at exactly 11 digits.
          if (e.key === 'Enter' && dialable && ready) onDial(number);
        }}
        allowClear
        size="large"
        style={{ textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
      />
      <div role="group" aria-label="Keypad" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
        {KEYS.map(([key, letters]) => (
          <Button
            key={key}
            aria-label={key}
            onClick={() => press(key)}
            style={{ height: 52, display: 'flex', flexDirection: 'column', gap: 0, lineHeight: 1.1 }}
          >
            <span style={{ fontSize: 18, fontWeight: 500 }}>{key}</span>
            <span style={{ fontSize: 9, letterSpacing: 1, color: token.colorTextTertiary, minHeight: 10 }}>{letters}</span>
          </Button>
        ))}
      </div>
      <Button
        type="primary"
        size="large"
        icon={<PhoneOutlined />}
        disabled={!dialable || !ready}
        onClick={() => onDial(number)}
        style={{ background: dialable && ready ? '#52c41a' : undefined }}
      >
        Call
      </Button>
    </div>
  );
}

function Peers({ ready, onDial, onCoach }: DialerProps) {
  const session = useObservable(bus.session$);
  const peers = sortPeers(useObservable(bus.peers$).filter((p) => p.id !== session?.user.id));
  if (!peers.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No colleagues yet" />;
  return (
    <ul aria-label="Peers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {peers.map((peer) => {
        const status = peerStatus(peer);
        const name = fullName(peer);
        const reachable = status !== 'offline';
        return (
          <li key={peer.id} style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 0' }}>
            <Badge dot color={STATUS_COLORS[status]} offset={[-4, 28]}>
              <Avatar src={peer.avatar ?? undefined} size={32}>
                {initials(peer)}
              </Avatar>
            </Badge>
            <span style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
              <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
              <span style={{ fontSize: 12, opacity: 0.7 }}>
                {STATUS_LABELS[status]}
                {peer.extension ? ` · ${peer.extension}` : ''}
              </span>
            </span>
            {status === 'on call' && onCoach && (
              <Tooltip title={`Coach ${name}: only they hear you`}>
                <Button
                  shape="circle"
                  type="text"
                  icon={<CustomerServiceOutlined />}
                  aria-label={`Coach ${name}`}
                  disabled={!ready}
                  onClick={() => onCoach(peer.id)}
                />
              </Tooltip>
            )}
            <Tooltip title={reachable ? `Call ${name}` : `${name} is offline`}>
              <Button
                shape="circle"
                type="text"
                icon={<PhoneOutlined />}
                aria-label={`Call ${name}`}
                disabled={!reachable || !ready}
                onClick={() => onDial(`client:${peer.id}`, name)}
              />
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

/** A favorite contact's numbers the dialer can call, each once (mobile, phone, the co-applicant's mobile). */
const FAVORITE_NUMBERS: Array<[keyof Pick<ClientListItem, 'mobilePhone' | 'phone' | 'coMobilePhone'>, string]> = [
  ['mobilePhone', 'Mobile'],
  ['phone', 'Phone'],
  ['coMobilePhone', 'Co-applicant mobile'],
];
function favoriteNumbers(c: ClientListItem): Array<{ number: string; label: string }> {
  const seen = new Set<string>();
  return FAVORITE_NUMBERS.flatMap(([field, label]) => {
    const number = dialerValue(c[field] ?? '');
    if (!canDial(number) || seen.has(number)) return [];
    seen.add(number);
    return [{ number, label }];
  });
}

/** The person's favorite contacts (spec 001 "Favorite"), each callable on their numbers like a number typed on the keypad. */
function Favorites({ ready, onDial }: DialerProps) {
  const { token } = theme.useToken();
  const [favorites, setFavorites] = useState<ClientListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    clientsApi
      .list({ favorites: true, limit: 500 })
      .then((page) => live && setFavorites(page.items))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, []);
  if (error) return <Alert type="error" showIcon role="alert" title={error} />;
  if (!favorites) return <Spin size="small" aria-label="Loading favorites" style={{ display: 'block', margin: '16px auto' }} />;
  if (!favorites.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No favorite contacts yet" />;
  return (
    <ul aria-label="Favorites" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {favorites.map((c) => {
        const name = clientDisplayName(c, formatPhone(c.mobilePhone ?? c.phone ?? ''));
        const numbers = favoriteNumbers(c);
        return (
          <li key={c.id} aria-label={name} style={{ display: 'flex', gap: 10, padding: '6px 0' }}>
            <StarFilled aria-hidden style={{ color: token.colorWarning, marginTop: 4 }} />
            <span style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
              <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
              {numbers.length ? (
                numbers.map(({ number, label }) => (
                  <span key={number} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <span style={{ fontSize: 12, opacity: 0.7, fontVariantNumeric: 'tabular-nums' }}>
                      {label} · {formatPhone(number)}
                    </span>
                    <Tooltip title={`Call ${name}`}>
                      <Button
                        shape="circle"
                        type="text"
                        size="small"
                        icon={<PhoneOutlined />}
                        aria-label={`Call ${name} at ${formatPhone(number)}`}
                        disabled={!ready}
                        onClick={() => onDial(number, name, c.id)}
                      />
                    </Tooltip>
                  </span>
                ))
              ) : (
                <span style={{ fontSize: 12, opacity: 0.7 }}>No phone number</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Recent({ ready, onDial }: DialerProps) {
  const numbers = recentNumbers();
  if (!numbers.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Numbers you call show here" />;
  return (
    <ul aria-label="Recent numbers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {numbers.map((n) => (
        <li key={n} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 0' }}>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPhone(n)}</span>
          <Button shape="circle" type="text" icon={<PhoneOutlined />} aria-label={`Call ${formatPhone(n)}`} disabled={!ready} onClick={() => onDial(n)} />
        </li>
      ))}
    </ul>
  );
}

/** The dialer (spec 000): Dialpad, Peers, Favorites and Recent numbers. */
export function Dialer(props: DialerProps) {
  const [tab, setTab] = useState('dialpad');
  return (
    <Tabs
      size="small"
      // the four fit the drawer's 300 px with a scrollbar beside them: overflowing, antd would put a
      // "more" button inside the tab list, which screen readers are not told about
      tabBarGutter={12}
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'dialpad', label: 'Dialpad', children: <Keypad {...props} /> },
        { key: 'peers', label: 'Peers', children: <Peers {...props} /> },
        // Read again each time the tab opens: favorites change on the contacts' pages.
        { key: 'favorites', label: 'Favorites', children: tab === 'favorites' ? <Favorites {...props} /> : null },
        { key: 'recent', label: 'Recent', children: <Recent {...props} /> },
      ]}
    />
  );
}
