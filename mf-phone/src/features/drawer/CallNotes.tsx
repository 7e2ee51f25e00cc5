import { Empty, Typography } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { activityApi } from '@agency/api-client';
import { formatDateTime, useLiveQuery } from '@agency/ui';
import { NoteForm } from './NoteForm';

/** During a call: the contact's sticky notes, and a note to add (spec 000 "Active call panel"). */
export function CallNotes({ clientId }: { clientId: string }) {
  const stickies = useLiveQuery(() => activityApi.stickies(clientId), null, clientId);
  return (
    <section aria-label="Call notes" style={{ display: 'grid', gap: 8 }}>
      {stickies.data?.length ? (
        <ul aria-label="Sticky notes" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
          {stickies.data.map((n) => (
            <li key={n.id} style={{ background: 'rgba(250, 219, 20, 0.15)', borderRadius: 6, padding: '6px 8px', fontSize: 13 }}>
              <PushpinFilled aria-hidden style={{ color: '#d4b106', marginRight: 6 }} />
              {n.note}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 11 }}>
                {formatDateTime(n.createdAt)}
              </Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        stickies.data && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sticky notes" style={{ margin: 0 }} />
      )}
      <NoteForm clientId={clientId} formId="active-call-note" onSaved={stickies.reload} />
    </section>
  );
}
