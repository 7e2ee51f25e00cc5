import { useEffect, useState } from 'react';
import { Alert, Button, ColorPicker, Form, Input, Modal, Space, theme, Typography } from 'antd';
import { errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { DEFAULT_THEME_COLOR } from '@agency/contracts';
import { HEX_COLOR_MESSAGE, isHexColor, normalizeHex } from '@agency/ui';
import { patchSession } from '../session/session';

const PRESETS = ['#19d0de', '#1677ff', '#2f54eb', '#722ed1', '#eb2f96', '#f5222d', '#fa8c16', '#faad14', '#52c41a', '#13c2c2'];

/** The hex colour check: 3 or 6 hex digits, with or without '#'. */
export const hexColorError = (value: string): string | null => (isHexColor(value) ? null : HEX_COLOR_MESSAGE);

/** Picks the user's theme colour: Cancel, Reset (to the default) and Save (kept on the user). */
export function ColorPickerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = bus.theme$.value.color;
  const { token } = theme.useToken();
  const [value, setValue] = useState(current);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setValue(bus.theme$.value.color);
      setTouched(false);
      setSaveError(null);
    }
  }, [open]);

  const error = touched ? hexColorError(value) : null;
  const preview = isHexColor(value) ? normalizeHex(value) : token.colorFillSecondary;

  async function save() {
    setTouched(true);
    if (hexColorError(value)) return;
    const color = normalizeHex(value);
    const session = bus.session$.value;
    if (!session) return;
    setSaving(true);
    setSaveError(null);
    try {
      const user = await usersApi.update(session.user.id, { themeColor: color });
      patchSession({ user: { ...session.user, ...user, themeColor: color } });
      bus.setTheme({ color });
      onClose();
    } catch (err) {
      setSaveError(`Unable to update profile: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Theme colour"
      onCancel={onClose}
      destroyOnHidden
      width={420}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            onClick={() => {
              setValue(DEFAULT_THEME_COLOR);
              setTouched(true);
            }}
          >
            Reset
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </>
      }
      // The whole dialog is one form, so Enter saves.
      modalRender={(dom) => <Form onFinish={() => void save()}>{dom}</Form>}
    >
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 16 }}>
        <div
          aria-hidden
          data-testid="color-preview"
          style={{ width: 56, height: 56, borderRadius: 12, background: preview, border: `1px solid ${token.colorBorder}`, flex: 'none' }}
        />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          The colour of buttons, links and highlights. It follows you on any computer you sign in on.
        </Typography.Paragraph>
      </div>
      <div role="group" aria-label="Suggested colours" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
        {PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            aria-label={`Use ${c}`}
            aria-pressed={normalizeHex(value) === c}
            onClick={() => {
              setValue(c);
              setTouched(true);
            }}
            style={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              background: c,
              cursor: 'pointer',
              border: `2px solid ${token.colorBgElevated}`,
              boxShadow: `0 0 0 2px ${normalizeHex(value) === c ? token.colorText : 'transparent'}`,
            }}
          />
        ))}
      </div>
      <Form.Item
        label="Hex colour"
        htmlFor="theme-hex"
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
        layout="vertical"
        style={{ marginBottom: 16 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <ColorPicker
            value={isHexColor(value) ? normalizeHex(value) : DEFAULT_THEME_COLOR}
            disabledAlpha
            format="hex"
            onChange={(c) => {
              setValue(c.toHexString());
              setTouched(true);
            }}
            aria-label="Open colour picker"
          />
          <Input
            id="theme-hex"
            value={value}
            autoFocus
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
            }}
            maxLength={7}
            spellCheck={false}
          />
        </Space.Compact>
      </Form.Item>
      {saveError && <Alert type="error" showIcon role="alert" title={saveError} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
