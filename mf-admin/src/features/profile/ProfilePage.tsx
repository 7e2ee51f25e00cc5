import { useEffect, useState } from 'react';
import { Alert, Button, ColorPicker, Flex, Form, Input, Space } from 'antd';
import type { User } from '@agency/contracts';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { usersApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { HEX_COLOR_MESSAGE, isHexColor, normalizeHex, useLiveQuery, useObservable } from '@agency/ui';
import { applyMe, setSessionUser } from '../../session';
import { useUnsavedChanges } from '../settings/unsaved';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  extension: string;
  themeColor: string;
  /** Asked only when the email changes. */
  currentPassword?: string;
  currentCode?: string;
}

const valuesOf = (u: User): ProfileValues => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  extension: u.extension ?? '',
  themeColor: u.themeColor || DEFAULT_THEME_COLOR,
});

/** The signed-in user's own profile: name, email, extension and theme colour. */
export function ProfilePage() {
  const session = useObservable(bus.session$);
  const user = session?.user ?? null;
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const watched = Form.useWatch([], form) as ProfileValues | undefined;
  const stored = user ? valuesOf(user) : null;
  const dirty = !!stored && !!watched && (Object.keys(stored) as (keyof ProfileValues)[]).some((k) => watched[k] !== undefined && watched[k] !== stored[k]);
  useUnsavedChanges(dirty);

  // Read the user afresh (GET /users/me); a session retired elsewhere is sent to /logout by the API client.
  const fresh = useLiveQuery(() => usersApi.me());
  const loadError = fresh.error ? `Unable to get user: ${errorMessage(fresh.error)}` : null;
  useEffect(() => {
    if (fresh.data) applyMe(fresh.data);
  }, [fresh.data]);

  // Show the stored values until the person starts editing.
  useEffect(() => {
    if (user && !form.isFieldsTouched()) form.setFieldsValue(valuesOf(user));
  }, [user, form]);

  if (!user) return null;
  const emailChanged = (email: string | undefined) => !!email && email.trim().toLowerCase() !== user.email.toLowerCase();

  async function save(values: ProfileValues) {
    setError(null);
    setSaving(true);
    try {
      const updated = await usersApi.update(user!.id, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        extension: values.extension.trim() || null,
        themeColor: normalizeHex(values.themeColor),
        // A new email needs the person themselves (the server asks for it).
        ...(emailChanged(values.email) ? { currentPassword: values.currentPassword, currentCode: values.currentCode?.replace(/[\s-]/g, '') || undefined } : {}),
      });
      setSessionUser(updated);
      if (updated.themeColor && updated.themeColor !== bus.theme$.value.color) bus.setTheme({ color: updated.themeColor });
      form.resetFields();
      form.setFieldsValue(valuesOf(updated));
      bus.toast({ kind: 'success', message: 'Updated Profile' });
    } catch (err) {
      setError(`Unable to update profile: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div style={{ maxWidth: 520 }}>
      {loadError && <Alert type="warning" showIcon title={loadError} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form<ProfileValues> form={form} layout="vertical" initialValues={valuesOf(user)} onFinish={save} requiredMark={false}>
        <Flex gap={16}>
          <Form.Item
            label="First name"
            name="firstName"
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: 'First name is required' }, { max: 80 }]}
          >
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item
            label="Last name"
            name="lastName"
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: 'Last name is required' }, { max: 80 }]}
          >
            <Input autoComplete="family-name" />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Email is required' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.email !== b.email}>
          {({ getFieldValue }) =>
            emailChanged(getFieldValue('email') as string) && (
              <Flex gap={16}>
                <Form.Item
                  label="Current password"
                  name="currentPassword"
                  extra="Needed to change your email; your old address is told."
                  style={{ flex: 1 }}
                  rules={[{ required: true, message: 'Enter your current password to continue.' }]}
                >
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
                {user.mfaEnabled && (
                  <Form.Item
                    label="Authentication code"
                    name="currentCode"
                    style={{ flex: 1 }}
                    rules={[{ required: true, pattern: /^\d{3}[\s-]?\d{3}$/, message: 'Enter the 6-digit code' }]}
                  >
                    <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
                  </Form.Item>
                )}
              </Flex>
            )
          }
        </Form.Item>
        <Form.Item label="Extension" name="extension" rules={[{ pattern: /^\d{0,6}$/, message: 'Extension must be up to 6 digits' }]}>
          <Input inputMode="numeric" maxLength={6} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Theme colour" htmlFor="themeColor">
          <Space>
            <Form.Item
              name="themeColor"
              noStyle
              rules={[{ validator: (_r, v: string) => (isHexColor(v ?? '') ? Promise.resolve() : Promise.reject(new Error(HEX_COLOR_MESSAGE))) }]}
            >
              <Input maxLength={7} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.themeColor !== b.themeColor}>
              {({ getFieldValue, setFieldValue }) => {
                const value = getFieldValue('themeColor') as string;
                return (
                  <ColorPicker
                    aria-label="Pick the theme colour"
                    disabledAlpha
                    value={isHexColor(value ?? '') ? normalizeHex(value) : DEFAULT_THEME_COLOR}
                    presets={[{ label: 'Default', colors: [DEFAULT_THEME_COLOR] }]}
                    onChangeComplete={(c) => {
                      setFieldValue('themeColor', c.toHexString());
                      void form.validateFields(['themeColor']);
                    }}
                  />
                );
              }}
            </Form.Item>
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </div>
  );
}
