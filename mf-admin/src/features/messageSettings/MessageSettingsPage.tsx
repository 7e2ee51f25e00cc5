import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { locationsApi } from '@agency/api-client';
import { MESSAGE_SETTINGS_SAVED, messageSettingsFailed, parseMessageSettings, type Location } from '@agency/contracts';
import { failureText, notifyError, notifySuccess } from '@agency/ui';
import { LocationSettings } from '../common/LocationSettings';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';

function MessageSettingsForm({ accountId, location, saved }: { accountId: string; location: Location; saved: (next: Location) => void }) {
  const [stored, setStored] = useState(() => parseMessageSettings(location.messages));
  const [values, setValues] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = values.signature !== stored.signature;
  useUnsavedChanges(dirty);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const next = await locationsApi.update(accountId, location.id, { messages: JSON.stringify({ ...values, signature: values.signature.trim() }) });
      const reread = parseMessageSettings(next.messages);
      setStored(reread);
      setValues(reread);
      saved(next);
      notifySuccess(MESSAGE_SETTINGS_SAVED);
    } catch (err) {
      const text = messageSettingsFailed(failureText(err));
      setError(text);
      notifyError(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void save()}>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Signature" htmlFor="signature" extra="Added to the end of the text messages sent from this location.">
        <Input.TextArea
          id="signature"
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={200}
          showCount
          placeholder="- The Austin office"
          value={values.signature}
          onChange={(e) => setValues({ ...values, signature: e.target.value })}
        />
      </Form.Item>
      <SettingsActions dirty={dirty} saving={saving} onReset={() => setValues(stored)} />
    </Form>
  );
}

/** /account/settings/messages: each location's message settings (its signature). */
export function MessageSettingsPage() {
  return (
    <LocationSettings title="Messages">
      {(location, saved, accountId) => <MessageSettingsForm accountId={accountId} location={location} saved={saved} />}
    </LocationSettings>
  );
}
