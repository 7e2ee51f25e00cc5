import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { clientsApi } from '@agency/api-client';
import type { ClientListItem } from '@agency/contracts';
import { formatPhone } from '@agency/ui';

interface Choice {
  value: string;
  label: string;
  clientId: string;
  phone: string;
}

/** The people of a client who can get texts: the primary and the secondary, each with a mobile number (spec 001 §5). */
export function textableChoices(c: ClientListItem): Choice[] {
  const out: Choice[] = [];
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || c.companyName || 'Unnamed';
  if (c.mobilePhone)
    out.push({
      value: `${c.id}:p`,
      clientId: c.id,
      phone: c.mobilePhone,
      label: `${name(c.preferredFirstName || c.firstName, c.lastName)} · ${formatPhone(c.mobilePhone)}`,
    });
  if (c.coFirstName && c.coMobilePhone)
    out.push({
      value: `${c.id}:s`,
      clientId: c.id,
      phone: c.coMobilePhone,
      label: `${name(c.coPreferredFirstName || c.coFirstName, c.coLastName)} · ${formatPhone(c.coMobilePhone)}`,
    });
  return out;
}

interface Values {
  client?: string;
  phoneNumber?: string;
}

/** Start a conversation with a client who has a mobile number, or with any number. Enter starts it, Esc closes. */
export function NewConversationDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose(): void;
  onCreate(phone: string, clientId: string | null): Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<Choice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    clientsApi.list({ search: search || undefined, limit: 50 }, { signal: abort.signal }).then(
      (page) => setChoices(page.items.flatMap(textableChoices)),
      () => undefined,
    );
    return () => abort.abort();
  }, [open, search]);

  async function submit(values: Values) {
    const chosen = choices.find((c) => c.value === values.client);
    const phone = chosen?.phone ?? values.phoneNumber ?? '';
    if (!phone.trim()) return setError('Choose a client or type a number.');
    setBusy(true);
    setError(null);
    try {
      await onCreate(phone, chosen?.clientId ?? null);
      form.resetFields();
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="New Conversation" open={open} onCancel={onClose} okText="Start" onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item label="Client" name="client" extra="Only clients with a mobile number are listed.">
          <Select
            showSearch={{ onSearch: setSearch, filterOption: false }}
            allowClear
            placeholder="Search clients"
            options={choices.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="Or a phone number" name="phoneNumber" rules={[{ pattern: /^[\d\s()+.-]{10,20}$/, message: 'Enter a 10 or 11 digit phone number' }]}>
          <Input inputMode="tel" placeholder="(512) 555-0142" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
