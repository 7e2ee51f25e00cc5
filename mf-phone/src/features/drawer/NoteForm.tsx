import { useState } from 'react';
import { Button, Checkbox, Input, Typography } from 'antd';
import { activityApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';

/** A note for the contact, sticky or not ('Saving...' while it goes). */
export function NoteForm({ clientId, formId, onSaved }: { clientId: string; formId: string; onSaved?: () => void }) {
  const [note, setNote] = useState('');
  const [sticky, setSticky] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = formId;
  async function save() {
    if (!note.trim()) return;
    setSaving(true);
    setError(null);
    try {
      await activityApi.create(clientId, { type: 'note', note: note.trim(), isSticky: sticky });
      setNote('');
      setSticky(false);
      bus.toast({ kind: 'success', message: 'Note saved on the contact' });
      onSaved?.();
    } catch (err) {
      setError(sticky ? `error creating sticky note: ${errorMessage(err)}` : errorMessage(err));
    } finally {
      setSaving(false);
    }
  }
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
