import { useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Form, Modal, Radio, Space, Typography } from 'antd';
import { REVIEW_MESSAGES, type ClientLevel } from '@agency/contracts';
import { ApiRequestError, reviewsApi } from '@agency/api-client';
import { formatPhone, notifyError, notifySuccess } from '@agency/ui';
import { useContact } from '../detail/ContactContext';
import { hasPerson, personName, personOf } from '../detail/person';

export const REVIEW_SENT = 'Service review requested';
export const NO_MOBILE = 'No mobile phone to text';

interface Choice {
  level: ClientLevel;
  name: string;
  mobile: string | null;
}

/**
 * Send Service Review: pick a person of the household (one without a mobile phone is shown but
 * cannot be picked), Send records the request, and the public link the text carries is shown with
 * a copy button. Enter sends, Esc closes.
 */
export function SendReviewDialog({ open, level, onClose, onRequested }: { open: boolean; level: ClientLevel; onClose: () => void; onRequested: () => void }) {
  const { id, full } = useContact();
  const [form] = Form.useForm<{ person: ClientLevel }>();
  const [saving, setSaving] = useState(false);
  const [inline, setInline] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  useEffect(() => {
    if (open) return;
    setInline(null);
    setLink(null);
  }, [open]);

  const client = full.client;
  const choices: Choice[] = [];
  const primary = personOf(client, 'primary');
  choices.push({ level: 'primary', name: personName(primary) || 'Primary', mobile: primary.mobilePhone });
  const secondary = personOf(client, 'secondary');
  if (client.hasDual || hasPerson(secondary))
    choices.push({ level: 'secondary', name: personName(secondary) || 'Co-Applicant', mobile: secondary.mobilePhone });
  const usable = choices.filter((c) => c.mobile);
  const initial = (usable.find((c) => c.level === level) ?? usable[0])?.level;

  const submit = async ({ person }: { person?: ClientLevel }) => {
    if (!person || saving) return;
    setSaving(true);
    setInline(null);
    try {
      const res = await reviewsApi.request(id, { clientLevel: person });
      setLink(`${window.location.origin}${res.link}`);
      notifySuccess(REVIEW_SENT);
      onRequested();
    } catch (err) {
      if (err instanceof ApiRequestError && err.message === REVIEW_MESSAGES.noRoom) setInline(REVIEW_MESSAGES.noRoom);
      else notifyError(REVIEW_MESSAGES.requestFailed);
    } finally {
      setSaving(false);
    }
  };

  /** Enter anywhere in the form sends (a radio button takes no implicit submission of its own). */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || (e.target as HTMLElement).tagName === 'BUTTON') return;
    e.preventDefault();
    form.submit();
  };

  return (
    <Modal open={open} title="Send Service Review" onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      {link ? (
        <>
          <Alert type="success" showIcon title={REVIEW_SENT} style={{ marginBottom: 12 }} />
          <Typography.Paragraph>The client answers the review on this page:</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: link, tooltips: ['Copy link', 'Copied'] }} data-testid="review-link">
            <a href={link} target="_blank" rel="noreferrer">
              {link}
            </a>
          </Typography.Paragraph>
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="primary" autoFocus onClick={onClose}>
              Done
            </Button>
          </Space>
        </>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ person: initial }} onKeyDown={onKeyDown}>
          <Form.Item name="person" label="Send the review request to" rules={[{ required: true, message: 'Pick a person with a mobile phone' }]}>
            <Radio.Group onChange={() => setInline(null)}>
              <Space orientation="vertical">
                {choices.map((c) => (
                  <Radio key={c.level} value={c.level} disabled={!c.mobile}>
                    <Space orientation="vertical" size={0}>
                      <span>
                        {c.name} <Typography.Text type="secondary">{c.level === 'primary' ? '(Primary)' : '(Co-Applicant)'}</Typography.Text>
                      </span>
                      <Typography.Text type="secondary">{c.mobile ? `Mobile ${formatPhone(c.mobile)}` : NO_MOBILE}</Typography.Text>
                    </Space>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {inline ? <Alert type="error" showIcon title={inline} style={{ marginBottom: 8 }} /> : null}
          <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={usable.length === 0}>
              {saving ? 'Sending...' : 'Send'}
            </Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
