import { useMemo } from 'react';
import { Alert, Empty, Spin, Tag, Typography } from 'antd';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CALL_MESSAGES, CALL_STATUS_LABELS } from '@agency/contracts';
import { CallRecording, formatDateTime, formatDuration, fullName, useLiveQuery } from '@agency/ui';
import { useContact } from '../detail/ContactContext';

/** The contact's calls, newest first, with their recordings and voicemails to play (spec 001: the Recordings tab, 400 high). */
export function CallsTab() {
  const { id } = useContact();
  const moved$ = useMemo(() => bus.on('phone_workCount'), []);
  const calls = useLiveQuery(() => phoneApi.logs({ view: 'all', clientId: id, limit: 50 }), moved$, id);
  if (calls.error) return <Alert type="error" showIcon title={CALL_MESSAGES.recordingsFailed(errorMessage(calls.error))} />;
  if (!calls.data) return <Spin aria-label="Loading calls" />;
  if (!calls.data.items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No calls with this contact yet" />;
  return (
    <ul aria-label="Calls" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 400, overflow: 'auto' }}>
      {calls.data.items.map((c) => (
        <li key={c.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(128,128,128,0.2)', display: 'grid', gap: 4 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span>{c.format === 'voicemail' ? 'Voicemail' : c.direction === 'incoming' ? 'Incoming call' : 'Outgoing call'}</span>
            <Typography.Text type="secondary">{formatDateTime(c.createdAt)}</Typography.Text>
          </div>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
            <Tag style={{ marginInlineEnd: 0 }}>{CALL_STATUS_LABELS[c.status]}</Tag>
            {c.callDuration > 0 && <Typography.Text type="secondary">{formatDuration(c.callDuration)}</Typography.Text>}
            {c.user && <Typography.Text type="secondary">{fullName(c.user)}</Typography.Text>}
          </div>
          <CallRecording call={c} onDeleted={calls.reload} />
        </li>
      ))}
    </ul>
  );
}
