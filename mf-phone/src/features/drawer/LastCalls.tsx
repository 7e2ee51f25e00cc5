import { useState } from 'react';
import { Button, Checkbox, Empty, Input, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { activityApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { formatDuration, formatPhone } from '@agency/ui';
import type { FinishedCall } from '../device/softphone';

function NoteForm({ call }: { call: FinishedCall }) {
  const [note, setNote] = useState('');
  const [sticky, setSticky] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `call-note-${call.id}`;
  async function save() {
    if (!call.clientId || !note.trim()) return;
    setSaving(true);
    setError(null);
    try {
      await activityApi.create(call.clientId, { type: 'note', note: note.trim(), isSticky: sticky });
      setNote('');
      setSticky(false);
      bus.toast({ kind: 'success', message: 'Note saved on the contact' });
    } catch (err) {
      setError(sticky ? `error creating sticky note: ${errorMessage(err)}` : errorMessage(err));
    } finally {
      setSaving(false);
    }
  }
  if (!call.clientId) return <Typography.Text type="secondary">Notes are saved on a contact; this number has none yet.</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 6 }}>
      <label htmlFor={inputId} style={{ fontSize: 12 }}>
        Notes
      </label>
      <Input.TextArea id={inputId} value={note} onChange={(e) => setNote(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Checkbox checked={sticky} onChange={(e) => setSticky(e.target.checked)}>
          Sticky
        </Checkbox>
        <Button type="primary" size="small" onClick={() => void save()} disabled={!note.trim() || saving}>
          {saving ? 'Saving...' : 'Submit'}
        </Button>
      </div>
    </div>
  );
}

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
            {open === call.id && <NoteForm call={call} />}
          </li>
        );
      })}
    </ul>
  );
}
