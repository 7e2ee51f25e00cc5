import { useState } from 'react';
import { Button, Empty, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { formatDuration, formatPhone } from '@agency/ui';
import type { FinishedCall } from '../device/softphone';
import { NoteForm } from './NoteForm';

/** Calls that ended here: caller, duration and a remove control; a tap opens a note for the contact. */
export function LastCalls({ calls, onRemove }: { calls: FinishedCall[]; onRemove(id: string): void }) {
  const [open, setOpen] = useState<string | null>(calls[0]?.id ?? null);
  if (!calls.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No calls yet" />;
  return (
    <ul aria-label="Last calls" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {calls.map((call) => {
        const label = call.name || (call.number.length === 11 ? formatPhone(call.number) : 'Colleague');
        return (
          <li key={call.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(128,128,128,0.15)' }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <button
                type="button"
                onClick={() => setOpen(open === call.id ? null : call.id)}
                aria-expanded={open === call.id}
                style={{ flex: 1, minWidth: 0, background: 'none', border: 0, padding: 0, textAlign: 'left', cursor: 'pointer', color: 'inherit' }}
              >
                <span style={{ display: 'block', fontWeight: 500 }}>{label}</span>
                <span style={{ fontSize: 12, opacity: 0.7 }}>
                  {call.direction === 'incoming' ? 'Incoming' : 'Outgoing'} · {formatDuration(call.duration)}
                </span>
              </button>
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${label}`} onClick={() => onRemove(call.id)} />
            </div>
            {open === call.id &&
              (call.clientId ? (
                <NoteForm clientId={call.clientId} formId={`call-note-${call.id}`} />
              ) : (
                <Typography.Text type="secondary">Notes are saved on a contact; this number has none yet.</Typography.Text>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
