import { useEffect, useState } from 'react';
import { Alert, Card, Divider, Form, InputNumber, Select, Spin, Switch } from 'antd';
import { errorMessage, taskBoardsApi, templatesApi, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { RenewalSettings } from '@agency/contracts';
import { failureText, fullName, notifyError, notifySuccess, useLiveQuery, useObservable } from '@agency/ui';
import { SettingsActions } from '../common/SettingsActions';
import { useUnsavedChanges } from '../settings/unsaved';
import { renewalSettingsApi } from './renewalSettingsApi';

export const RENEWAL_SETTINGS_SAVED = 'Renewal settings saved';
export const renewalSettingsFailed = (message: string) => `Unable to update renewal settings: ${message}`;

/**
 * /account/settings/renewals (owners and admins): how many days before a policy or coverage ends its
 * renewal starts, who owns a renewal whose record names no managed-by person, and the board whose
 * first lane gets a card for each renewal that starts; and the reminder text to the client, a number of
 * days before the end, from a team template.
 */
export function RenewalSettingsPage() {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const [stored, setStored] = useState<RenewalSettings | null>(null);
  const [values, setValues] = useState<RenewalSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !!values && !!stored && JSON.stringify(values) !== JSON.stringify(stored);
  useUnsavedChanges(dirty);

  const fresh = useLiveQuery(accountId ? () => renewalSettingsApi.get(accountId) : null, null, accountId);
  const users = useLiveQuery(() => usersApi.list(), null, []);
  const boards = useLiveQuery(() => taskBoardsApi.list(), null, []);
  const templates = useLiveQuery(() => templatesApi.list('message'), null, []);
  const teamTemplates = (templates.data ?? []).filter((t) => t.group === 'team');
  const loadError = fresh.error ? `Unable to get renewal settings: ${errorMessage(fresh.error)}` : null;
  useEffect(() => {
    if (!fresh.data) return;
    setStored(fresh.data);
    setValues(fresh.data);
  }, [fresh.data]);

  async function save() {
    if (!values || !accountId) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await renewalSettingsApi.update(accountId, values);
      setStored(saved);
      setValues(saved);
      notifySuccess(RENEWAL_SETTINGS_SAVED);
    } catch (err) {
      const text = renewalSettingsFailed(failureText(err));
      setError(text);
      notifyError(text);
    } finally {
      setSaving(false);
    }
  }

  const change = (patch: Partial<RenewalSettings>) => values && setValues({ ...values, ...patch });
  return (
    <Card title="Renewals" style={{ maxWidth: 720 }}>
      {loadError && <Alert type="error" showIcon role="alert" title={loadError} />}
      {!loadError && !values && <Spin aria-label="Loading renewal settings" />}
      {values && stored && (
        <Form layout="vertical" onFinish={() => void save()}>
          {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Form.Item
            label="Days before the end a renewal starts"
            htmlFor="renewalStartDays"
            extra="Each policy, vehicle or home coverage gets a follow-up (and a card) this many days before it ends."
          >
            <InputNumber
              id="renewalStartDays"
              min={1}
              max={365}
              precision={0}
              value={values.startDays}
              onChange={(v) => typeof v === 'number' && change({ startDays: v })}
            />
          </Form.Item>
          <Form.Item
            label="Owner when no one manages the record"
            htmlFor="renewalOwner"
            extra="Otherwise the policy's or the client's managed-by person owns the renewal."
          >
            <Select<string>
              id="renewalOwner"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="The account owner"
              style={{ maxWidth: 320 }}
              loading={users.loading}
              value={values.ownerUserId ?? undefined}
              options={(users.data ?? []).map((u) => ({ value: u.id, label: fullName(u) }))}
              onChange={(v) => change({ ownerUserId: v ?? null })}
            />
          </Form.Item>
          <Form.Item label="Board" htmlFor="renewalBoard" extra="A card in the board's first lane, linked to the client. With no board, follow-ups only.">
            <Select<string>
              id="renewalBoard"
              allowClear
              placeholder="No board"
              style={{ maxWidth: 320 }}
              loading={boards.loading}
              value={values.boardId ?? undefined}
              options={(boards.data ?? []).map((b) => ({ value: b.id, label: b.boardname }))}
              onChange={(v) => change({ boardId: v ?? null })}
            />
          </Form.Item>
          <Divider>Reminder text</Divider>
          <Form.Item
            label="Text the client before the end"
            htmlFor="renewalTextEnabled"
            extra="Once per policy and term, to the client's mobile; opted-out and blocked numbers are skipped and quiet hours held."
          >
            <Switch id="renewalTextEnabled" checked={values.textEnabled} onChange={(on) => change({ textEnabled: on })} />
          </Form.Item>
          <Form.Item label="Days before the end the text goes" htmlFor="renewalTextDays">
            <InputNumber
              id="renewalTextDays"
              min={1}
              max={365}
              precision={0}
              value={values.textDays}
              onChange={(v) => typeof v === 'number' && change({ textDays: v })}
            />
          </Form.Item>
          <Form.Item
            label="Text template"
            htmlFor="renewalTextTemplate"
            extra="A team template; it may name {{policyType}}, {{termDate}}, {{agent}} and the contact's fields."
          >
            <Select<string>
              id="renewalTextTemplate"
              allowClear
              placeholder="Choose a team template"
              style={{ maxWidth: 320 }}
              loading={templates.loading}
              value={values.textTemplateId ?? undefined}
              options={teamTemplates.map((t) => ({ value: t.id, label: t.name }))}
              onChange={(v) => change({ textTemplateId: v ?? null })}
            />
          </Form.Item>
          <SettingsActions dirty={dirty} saving={saving} onReset={() => setValues(stored)} />
        </Form>
      )}
    </Card>
  );
}
