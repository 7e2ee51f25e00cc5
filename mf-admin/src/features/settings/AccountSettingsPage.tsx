import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Progress, Select, Space, Switch, Typography } from 'antd';
import { accountsApi, errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { GATHERING_FORM_LABELS, GATHERING_FORMS, parseGatheringForms, type Account, type GatheringForm } from '@agency/contracts';
import { useLiveQuery, useObservable } from '@agency/ui';
import { applyMe } from '../../session';
import { useUnsavedChanges } from './unsaved';
import { exportAgencyData } from './exportAll';

export const ACCOUNT_SETTINGS_SAVED = 'Account settings saved.';
export const accountSettingsFailed = (message: string) => `Unable to update account settings: ${message}`;
export const exportFailed = (message: string) => `Unable to export the agency's data: ${message}`;

/** Saves a downloaded file through the browser. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Export all data" (owners): the agency's contacts with their records, texts, calls with their
 * recordings, tasks and chat as one archive. The server prepares it first, then sends it; the bar
 * follows the download.
 */
export function ExportAllData({ accountId }: { accountId: string }) {
  const [state, setState] = useState<{ received: number; total: number | null } | null>(null);
  async function run() {
    setState({ received: 0, total: null });
    try {
      const blob = await exportAgencyData.download(accountId, (received, total) => setState({ received, total }));
      saveBlob(blob, `agency-data-${new Date().toISOString().slice(0, 10)}.tar.gz`);
      bus.toast({ kind: 'success', message: 'The export is downloaded.' });
    } catch (err) {
      bus.toast({ kind: 'error', message: exportFailed(errorMessage(err)) });
    } finally {
      setState(null);
    }
  }
  const percent = state?.total ? Math.round((100 * state.received) / state.total) : 0;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        Contacts with their records, texts, calls with their recordings, tasks and chat, as one archive (sensitive numbers are left out). The export is recorded
        in the audit log.
      </Typography.Text>
      <Space>
        <Button onClick={() => void run()} loading={!!state}>
          Export all data
        </Button>
        {state && (
          <Typography.Text aria-live="polite">
            {state.total ? `Downloading… ${percent}%` : state.received ? `Downloading… ${(state.received / 1e6).toFixed(1)} MB` : 'Preparing the archive…'}
          </Typography.Text>
        )}
      </Space>
      {state?.total ? <Progress percent={percent} size="small" aria-label="Export progress" /> : null}
    </Flex>
  );
}

interface Values {
  mfaRequired: boolean;
  messagingEnabled: boolean;
  gatheringForms: GatheringForm[];
}

const valuesOf = (a: Pick<Account, 'mfaRequired' | 'gatheringForms' | 'messagingEnabled'>): Values => ({
  mfaRequired: a.mfaRequired,
  messagingEnabled: a.messagingEnabled,
  gatheringForms: parseGatheringForms(a.gatheringForms),
});
const same = (a: Values, b: Values) =>
  a.mfaRequired === b.mfaRequired && a.messagingEnabled === b.messagingEnabled && [...a.gatheringForms].sort().join() === [...b.gatheringForms].sort().join();

const OPTIONS = (['all', ...GATHERING_FORMS] as GatheringForm[]).map((v) => ({ value: v, label: GATHERING_FORM_LABELS[v] }));

/**
 * The account-wide settings: "MFA required for all employees" and the Gathering Forms (which record
 * tabs a contact shows). Reset and Save stay disabled until something changes; after a save the
 * session's account follows, so the contact screens show the new forms at once.
 */
export function AccountSettingsPage() {
  const session = useObservable(bus.session$);
  const account = session?.account ?? null;
  const [stored, setStored] = useState<Values | null>(account ? valuesOf(account) : null);
  const [values, setValues] = useState<Values | null>(stored);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accountId = account?.id;
  // What was loaded last, for the answer of a read that arrives after the person started changing things.
  const storedRef = useRef(stored);
  useEffect(() => {
    storedRef.current = stored;
  }, [stored]);

  // The stored settings, read afresh (the session's copy may be older).
  const fresh = useLiveQuery(accountId ? () => accountsApi.get(accountId) : null, null, accountId);
  useEffect(() => {
    if (!fresh.data) return;
    const loaded = valuesOf(fresh.data);
    const before = storedRef.current;
    setValues((v) => (v && before && !same(v, before) ? v : loaded));
    setStored(loaded);
  }, [fresh.data]);
  const loadError = fresh.error ? `Unable to get account: ${errorMessage(fresh.error)}` : null;

  const dirty = useMemo(() => !!values && !!stored && !same(values, stored), [values, stored]);
  useUnsavedChanges(dirty);

  if (!account || !values || !stored) return null;

  const change = (patch: Partial<Values>) => setValues({ ...values, ...patch });
  const pickForms = (next: GatheringForm[]) => {
    // 'all' stands for every form: picking it replaces the list, picking a form after it narrows it.
    const added = next.find((v) => !values.gatheringForms.includes(v));
    if (added === 'all') change({ gatheringForms: ['all'] });
    else change({ gatheringForms: next.filter((v) => v !== 'all' || !added) });
  };

  async function save() {
    if (!values || !account) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await accountsApi.update(account.id, {
        mfaRequired: values.mfaRequired,
        messagingEnabled: values.messagingEnabled,
        gatheringForms: values.gatheringForms.join(','),
      });
      setStored(valuesOf(saved));
      setValues(valuesOf(saved));
      bus.toast({ kind: 'success', message: ACCOUNT_SETTINGS_SAVED });
      const me = await usersApi.me().catch(() => null);
      if (me) {
        applyMe(me);
        if (me.mfaSetupRequired) bus.navigate('/mfa-setup', true);
      }
    } catch (err) {
      const message = accountSettingsFailed(errorMessage(err));
      setError(message);
      bus.toast({ kind: 'error', message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Account Settings" style={{ maxWidth: 640 }}>
      {(error ?? loadError) && <Alert type="error" showIcon role="alert" title={error ?? loadError} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label="Texting" htmlFor="messagingEnabled" extra="Off hides Messages for everyone and stops every text, scheduled ones included.">
          <Switch id="messagingEnabled" checked={values.messagingEnabled} onChange={(messagingEnabled) => change({ messagingEnabled })} />
        </Form.Item>
        <Form.Item label="MFA required for all employees" htmlFor="mfaRequired" extra="Everyone without MFA is asked to set it up at their next sign-in.">
          <Switch id="mfaRequired" checked={values.mfaRequired} onChange={(mfaRequired) => change({ mfaRequired })} />
        </Form.Item>
        <Form.Item
          label="Gathering Forms"
          htmlFor="gatheringForms"
          extra={<Typography.Text type="secondary">The record tabs each contact shows (Extra always shows).</Typography.Text>}
        >
          <Select<GatheringForm[]>
            id="gatheringForms"
            mode="multiple"
            allowClear
            placeholder="No forms"
            value={values.gatheringForms}
            options={OPTIONS}
            onChange={pickForms}
          />
        </Form.Item>
        <Flex justify="flex-end">
          <Space>
            <Button disabled={!dirty || saving} onClick={() => setValues(stored)}>
              Reset
            </Button>
            <Button type="primary" htmlType="submit" disabled={!dirty} loading={saving}>
              Save
            </Button>
          </Space>
        </Flex>
      </Form>
      {session?.user.role === 'owner' && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            Your agency's data
          </Typography.Title>
          <ExportAllData accountId={account.id} />
        </>
      )}
    </Card>
  );
}
