import { Link } from 'react-router-dom';
import { Card, Descriptions, Tag } from 'antd';
import type { SmsRoom } from '@agency/contracts';
import { formatPhone, fullName } from '@agency/ui';

/** The client side panel of a single-recipient room (spec 001 §2 "Messages page"). */
export function ClientPanel({ room }: { room: SmsRoom }) {
  return (
    <aside aria-label="Client" style={{ padding: 12 }}>
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
    </aside>
  );
}
