import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { REVIEW_MESSAGES, type ClientLevel, type ClientListItem } from '@agency/contracts';
import { ApiRequestError, clientsApi, reviewsApi } from '@agency/api-client';
import { notifyError, notifySuccess, useDebounced, useLiveQuery } from '@agency/ui';

export const REQUEST_SENT = 'Service review requested';

interface Choice {
  value: string;
  label: string;
  clientId: string;
  level: ClientLevel;
}

const name = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ').trim();

/** Each person of the matching contacts who has a mobile phone to text (a secondary entry when coFirstName exists). */
export function reviewChoices(items: ClientListItem[]): Choice[] {
  const out: Choice[] = [];
  for (const c of items) {
    const primary = name(c.firstName, c.lastName) || c.companyName || '';
    if (c.mobilePhone && primary) out.push({ value: `${c.id}:primary`, label: primary, clientId: c.id, level: 'primary' });
    const co = name(c.coFirstName, c.coLastName);
    if (c.coFirstName && c.coMobilePhone) out.push({ value: `${c.id}:secondary`, label: co, clientId: c.id, level: 'secondary' });
  }
  const seen = new Set<string>();
  return out.filter((o) => (seen.has(o.label) ? false : (seen.add(o.label), true)));
}

/** Request Service Review: pick a person; the request is recorded and its public link shown for the text message. */
export function RequestReviewDialog({ open, onClose, onRequested }: { open: boolean; onClose: () => void; onRequested: () => void }) {
  const [search, setSearch] = useState('');
  const asked = useDebounced(search, 250);
  const found = useLiveQuery(open ? () => clientsApi.list({ search: asked || undefined, limit: 25 }) : null, null, [open, asked]);
  const choices = useMemo(() => (found.error ? [] : reviewChoices(found.data?.items ?? [])), [found.data, found.error]);
  const [saving, setSaving] = useState(false);
  const [inline, setInline] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [picked, setPicked] = useState<Choice | null>(null);

  useEffect(() => {
    if (open) return;
    setInline(null);
    setLink(null);
    setSearch('');
    setPicked(null);
  }, [open]);

  const submit = async ({ person }: { person?: string }) => {
    const choice = picked?.value === person ? picked : choices.find((c) => c.value === person);
    if (!choice) return;
    setSaving(true);
    setInline(null);
    try {
      const res = await reviewsApi.request(choice.clientId, { clientLevel: choice.level });
      setLink(`${window.location.origin}${res.link}`);
      notifySuccess(REQUEST_SENT);
      onRequested();
    } catch (err) {
      if (err instanceof ApiRequestError && err.message === REVIEW_MESSAGES.noRoom) setInline(REVIEW_MESSAGES.noRoom);
      else notifyError(REVIEW_MESSAGES.requestFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Request Service Review"
      onCancel={onClose}
      okText={link ? 'Done' : 'Request'}
      cancelButtonProps={link ? { style: { display: 'none' } } : undefined}
      okButtonProps={link ? undefined : { htmlType: 'submit', form: 'request-review', loading: saving }}
      onOk={link ? onClose : undefined}
      destroyOnHidden
    >
      {link ? (
        <>
          <Typography.Paragraph>The request is recorded. The client answers it on this page:</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: link, tooltips: ['Copy link', 'Copied'] }} data-testid="review-link">
            <a href={link} target="_blank" rel="noreferrer">
              {link}
            </a>
          </Typography.Paragraph>
        </>
      ) : (
        <Form id="request-review" layout="vertical" onFinish={submit}>
          <Form.Item name="person" label="Client" rules={[{ required: true, message: 'Pick a client' }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setSearch}
              onChange={(v: string) => setPicked(choices.find((c) => c.value === v) ?? null)}
              placeholder="Search by name or phone"
              options={(picked && !choices.some((c) => c.value === picked.value) ? [picked, ...choices] : choices).map((c) => ({
                value: c.value,
                label: c.label,
              }))}
              notFoundContent="No clients with a mobile phone"
            />
          </Form.Item>
          {inline ? <Alert type="error" showIcon title={inline} /> : null}
        </Form>
      )}
    </Modal>
  );
}
