import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Descriptions, Empty, Skeleton, Tabs, Tag, Typography } from 'antd';
import { isVehicle, type Activity, type ClientFull, type SmsRoom } from '@agency/contracts';
import { activityApi, clientsApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { formatCents, formatDateTime, formatPhone, fullName, useObservable } from '@agency/ui';

/** How many of the client's latest activities the panel lists. */
export const PANEL_ACTIVITY = 10;

/** The account's gatheringForms (joined by commas; 'all' means every form) decide the record tabs. */
export function panelForms(setting: string | null | undefined) {
  const forms = new Set(
    (setting ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const has = (form: string) => forms.has('all') || forms.has(form);
  return { addresses: has('address'), policies: has('policy'), vehicles: has('auto'), homes: has('home') };
}

interface Loaded {
  full: ClientFull;
  activity: Activity[];
}

const line = (...parts: Array<string | number | null | undefined>) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ');
/** One record of a tab: a title line and a quieter line below. */
function Entry({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      {description ? (
        <div>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </div>
      ) : null}
    </>
  );
}
const records = <T extends { id: string }>(items: T[], none: string, render: (item: T) => ReactNode) =>
  items.length ? (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {items.map((item) => (
        <li key={item.id}>{render(item)}</li>
      ))}
    </ul>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />
  );

/** The client side panel of a single-recipient room (spec 001 §2 "Messages page"). */
export function ClientPanel({ room }: { room: SmsRoom }) {
  const session = useObservable(bus.session$);
  const clientId = room.client?.id ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setLoaded(null);
    setError(null);
    if (!clientId) return;
    let live = true;
    Promise.all([clientsApi.full(clientId), activityApi.list(clientId, { limit: PANEL_ACTIVITY })]).then(
      ([full, activity]) => live && setLoaded({ full, activity }),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  const forms = panelForms(session?.account.gatheringForms);
  const tabs = loaded && [
    {
      key: 'tags',
      label: 'Tags',
      children: loaded.full.tags.some((t) => t.isActive) ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {loaded.full.tags
            .filter((t) => t.isActive)
            .map((t) => (
              <Tag key={t.id}>{t.name}</Tag>
            ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tags" />
      ),
    },
    {
      key: 'activity',
      label: 'Activity',
      children: records(loaded.activity, 'No activity', (a) => (
        <Entry title={a.note || a.type} description={line(formatDateTime(a.createdAt), a.user ? `by ${fullName(a.user)}` : null)} />
      )),
    },
    {
      key: 'dependents',
      label: 'Dependents',
      children: records(loaded.full.dependents, 'No dependents', (d) => (
        <Entry title={line(d.firstName, d.lastName) || 'Dependent'} description={line(d.relationship, d.age === null ? null : `age ${d.age}`)} />
      )),
    },
    forms.addresses && {
      key: 'addresses',
      label: 'Addresses',
      children: records(loaded.full.addresses, 'No addresses', (a) => (
        <Entry title={a.type} description={line(a.address, a.address2, a.city, a.state, a.zipcode)} />
      )),
    },
    forms.policies && {
      key: 'policies',
      label: 'Policies',
      children: records(loaded.full.policies, 'No policies', (p) => (
        <Entry title={line(p.type, p.company) || 'Policy'} description={line(p.plan, p.premium === null ? null : formatCents(p.premium))} />
      )),
    },
    forms.vehicles && {
      key: 'vehicles',
      label: 'Vehicles',
      children: records(loaded.full.quotes.filter(isVehicle), 'No vehicles', (v) => (
        <Entry title={line(v.year, v.make, v.model) || 'Vehicle'} description={line(v.form, v.vin)} />
      )),
    },
    forms.homes && {
      key: 'homes',
      label: 'Homes',
      children: records(
        loaded.full.quotes.flatMap((q) => (q.form === 'home' ? [q] : [])),
        'No homes',
        (h) => <Entry title={line(h.address, h.city) || 'Home'} description={h.yearBuilt ? `Built ${h.yearBuilt}` : null} />,
      ),
    },
  ];

  return (
    <aside aria-label="Client" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small" title={room.client ? `About ${room.client.name}` : 'Unknown number'}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'mobile', label: 'Mobile', children: formatPhone(room.phoneNumber) },
            { key: 'texts', label: 'Texts', children: room.optedOut ? <Tag color="error">Opted out</Tag> : <Tag color="success">Opted in</Tag> },
            { key: 'assigned', label: 'Assigned to', children: room.assignedTo ? fullName(room.assignedTo) : 'Nobody' },
            { key: 'following', label: 'Following', children: room.favorited.length ? room.favorited.map((f) => fullName(f)).join(', ') : 'Nobody' },
          ]}
        />
        <div style={{ marginTop: 8 }}>
          {room.client ? (
            <Link to={`/contacts/contact/${room.client.id}`}>Open Contact</Link>
          ) : (
            <Link to={`/contacts/contact/new?room=${room.id}&mobilePhone=${room.phoneNumber}`}>Create Contact</Link>
          )}
        </div>
      </Card>
      {clientId && error && <Alert type="error" showIcon title={error} />}
      {clientId && !error && !tabs && <Skeleton active paragraph={{ rows: 4 }} />}
      {/* Down the side: seven tabs do not fit across a 300px panel. */}
      {tabs && <Tabs size="small" tabPlacement="start" tabBarGutter={0} items={tabs.filter((t) => !!t)} />}
    </aside>
  );
}
