import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Input, Row, Select, Skeleton, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { accountsApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { accountInfoInputSchema, US_STATES, type AccountInfo, type AccountInfoInput } from '@agency/contracts';
import { formatPhone, RetryAlert, useObservable } from '@agency/ui';
import { SettingsActions } from '../common/SettingsActions';
import { timezoneOptions } from '../locations/RegistrationSteps';
import { useUnsavedChanges } from '../settings/unsaved';

type Values = AccountInfo;
const FIELDS = accountInfoInputSchema.shape;

/** An antd rule from the field's schema: the browser says what the server would. */
type FieldSchema = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } };
const rule = (schema: FieldSchema): Rule => ({
  validator: (_r, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error?.issues[0]?.message ?? 'Invalid value'));
  },
});
const shown = (info: AccountInfo): Values => ({ ...info, phone: info.phone ? formatPhone(info.phone) : '' });

/** /account/info/settings: who the agency is (name, time zone, legal name and address) and how clients reach it. */
export function AccountDetailsPage() {
  const account = useObservable(bus.session$)?.account;
  const [form] = Form.useForm<Values>();
  const [stored, setStored] = useState<AccountInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const zones = useMemo(timezoneOptions, []);
  const watched = Form.useWatch([], form) as Values | undefined;
  const dirty = !!stored && !!watched && JSON.stringify({ ...shown(stored), ...watched }) !== JSON.stringify(shown(stored));
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (!account?.id) return;
    setError(null);
    accountsApi.info(account.id).then(
      (info) => {
        setStored(info);
        form.setFieldsValue(shown(info));
      },
      (err) => setError(`Unable to load account details: ${errorMessage(err)}`),
    );
  }, [account?.id, form, attempt]);

  async function save(values: Values) {
    if (!account) return;
    setSaving(true);
    try {
      const saved = await accountsApi.updateInfo(account.id, { ...values, state: values.state ?? '' } as AccountInfoInput);
      setStored(saved);
      form.setFieldsValue(shown(saved));
      if (saved.name !== account.name || saved.timezone !== account.timezone)
        bus.updateSession({ account: { ...account, name: saved.name, timezone: saved.timezone } });
      bus.toast({ kind: 'success', message: 'Account details saved' });
    } catch (err) {
      bus.toast({ kind: 'error', message: `Unable to save account details: ${errorMessage(err)}` });
    } finally {
      setSaving(false);
    }
  }

  if (error) return <RetryAlert message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!stored) return <Skeleton active paragraph={{ rows: 8 }} />;
  const item = (name: keyof Values, label: string, input = <Input />, span = 12) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={label} rules={[rule(FIELDS[name])]}>
        {input}
      </Form.Item>
    </Col>
  );

  return (
    <div style={{ maxWidth: 860 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Settings
      </Typography.Title>
      <Form<Values> form={form} layout="vertical" name="account-details" initialValues={shown(stored)} onFinish={(v) => void save(v)}>
        <Row gutter={16}>
          {item('name', 'Agency Name', <Input autoComplete="organization" />)}
          {item('legalName', 'Legal Name')}
          {item('timezone', 'Time Zone', <Select showSearch options={zones} />)}
          {item('phone', 'Phone', <Input inputMode="tel" autoComplete="tel" />)}
          {item('email', 'Email', <Input type="email" autoComplete="email" />)}
          {item('website', 'Website', <Input placeholder="https://" autoComplete="url" />)}
          {item('address', 'Address', <Input autoComplete="address-line1" />)}
          {item('address2', 'Address 2', <Input autoComplete="address-line2" />)}
          {item('city', 'City', <Input autoComplete="address-level2" />, 10)}
          {item('state', 'State', <Select showSearch allowClear options={US_STATES.map((s) => ({ value: s, label: s }))} />, 6)}
          {item('zipcode', 'Zip Code', <Input autoComplete="postal-code" />, 8)}
        </Row>
        <SettingsActions dirty={dirty} saving={saving} onReset={() => form.setFieldsValue(shown(stored))} />
      </Form>
    </div>
  );
}
