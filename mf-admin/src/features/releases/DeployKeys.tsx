import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Modal, Tag, theme, Typography } from 'antd';
import { api } from '@agency/api-client';
import { DEPLOY_KEY_MAX_DAYS, DEPLOY_NAMES, type DeployKey, type DeployKeyCreate, type DeployKeyCreated } from '@agency/contracts';
import { RowList } from './RowList';
import { formatDateTime, FormDialog, RetryAlert, useLiveQuery, withToasts } from '@agency/ui';

/**
 * The deploy keys' calls, through the shell's api instance rather than new methods of the shared
 * api-client, so this page also runs under a shell released before deploy keys.
 */
export const deployKeysApi = {
  list: () => api.get<DeployKey[]>('/releases/keys').then((r) => r.data),
  create: (body: DeployKeyCreate) => api.post<DeployKeyCreated>('/releases/keys', body).then((r) => r.data),
  revoke: (id: string) => api.delete<DeployKey>(`/releases/keys/${id}`).then((r) => r.data),
};

const TITLES: Record<string, string> = {
  shell: 'Shell',
  contacts: 'Contacts',
  messages: 'Messages',
  phone: 'Phone',
  chat: 'Team chat',
  tasks: 'Task boards',
  admin: 'Account',
};

/** Where a key stands: live, expired or revoked. */
function KeyState({ k }: { k: DeployKey }) {
  if (k.revokedAt) return <Tag>Revoked {formatDateTime(k.revokedAt)}</Tag>;
  if (new Date(k.expiresAt).getTime() <= Date.now()) return <Tag color="orange">Expired {formatDateTime(k.expiresAt)}</Tag>;
  return <Tag color="green">Expires {formatDateTime(k.expiresAt)}</Tag>;
}

/** Deploy keys: a team's CI publishes its areas with one (docs/RELEASING.md); the secret is shown once. */
export function DeployKeys() {
  const keys = useLiveQuery(() => deployKeysApi.list());
  const { token } = theme.useToken();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ label: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<DeployKey | null>(null);
  const create = async (values: DeployKeyCreate) => {
    const made = await withToasts(deployKeysApi.create(values), 'Deploy key created', (m) => `Unable to create the deploy key: ${m}`);
    setSecret({ label: made.key.label, secret: made.secret });
    keys.reload();
  };
  const revoke = async (k: DeployKey) => {
    await withToasts(deployKeysApi.revoke(k.id), `Deploy key "${k.label}" revoked`, (m) => `Unable to revoke the deploy key: ${m}`).catch(() => undefined);
    setRevoking(null);
    keys.reload();
  };
  return (
    <section aria-label="Deploy keys">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Deploy keys
        </Typography.Title>
        <Button onClick={() => setCreating(true)}>New Deploy Key</Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        A team&apos;s pipeline publishes the areas its key holds with npm run remotes -- publish (docs/RELEASING.md).
      </Typography.Paragraph>
      {!!keys.error && <RetryAlert message="Unable to load the deploy keys" onRetry={keys.reload} />}
      {keys.data && !keys.data.length && <Typography.Text type="secondary">No deploy key yet</Typography.Text>}
      {!!keys.data?.length && (
        <RowList label="Deploy keys">
          {keys.data.map((k) => (
            <div key={k.id}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{k.label}</Typography.Text>
                  <KeyState k={k} />
                </Flex>
                {!k.revokedAt && (
                  <Button size="small" danger onClick={() => setRevoking(k)}>
                    Revoke
                  </Button>
                )}
              </Flex>
              <Typography.Text type="secondary">
                {[
                  `Publishes ${k.names.map((n) => TITLES[n] ?? n).join(', ')}`,
                  `made by ${k.createdBy} ${formatDateTime(k.createdAt)}`,
                  k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : 'never used',
                ].join(' · ')}
              </Typography.Text>
            </div>
          ))}
        </RowList>
      )}
      <FormDialog<DeployKeyCreate>
        open={creating}
        title="New deploy key"
        okText="Create"
        initialValues={{ names: [], expiresInDays: 90 }}
        onSubmit={create}
        onClose={() => setCreating(false)}
      >
        <Form.Item name="label" label="Team or pipeline" rules={[{ required: true, whitespace: true, message: 'Name the team or pipeline the key is for' }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="names" label="May publish" rules={[{ required: true, type: 'array', min: 1, message: 'Choose what the key may publish' }]}>
          <Checkbox.Group options={DEPLOY_NAMES.map((n) => ({ value: n, label: TITLES[n] ?? n }))} />
        </Form.Item>
        <Form.Item name="expiresInDays" label="Expires after (days)" rules={[{ required: true, message: 'Say when the key expires' }]}>
          <InputNumber min={1} max={DEPLOY_KEY_MAX_DAYS} precision={0} />
        </Form.Item>
      </FormDialog>
      {secret && (
        <Modal
          open
          title={`Deploy key for ${secret.label}`}
          onCancel={() => setSecret(null)}
          footer={
            <Button type="primary" onClick={() => setSecret(null)}>
              Done
            </Button>
          }
        >
          <Alert type="warning" showIcon title="Copy the key now: it is not shown again." style={{ marginBottom: token.margin }} />
          <Typography.Paragraph copyable={{ text: secret.secret }} code style={{ wordBreak: 'break-all' }} aria-label="The new deploy key">
            {secret.secret}
          </Typography.Paragraph>
        </Modal>
      )}
      {revoking && (
        <Modal
          open
          title={`Revoke "${revoking.label}"?`}
          okText="Revoke"
          okButtonProps={{ danger: true }}
          onOk={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          The pipelines using it can no longer publish. This cannot be undone.
        </Modal>
      )}
    </section>
  );
}
