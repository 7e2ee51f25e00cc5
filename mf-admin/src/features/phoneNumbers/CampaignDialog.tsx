import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Steps } from 'antd';
import { errorMessage, numbersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CAMPAIGN_USECASES, FIELD_REQUIRED, PHONE_MESSAGES, type Location, type MessagingService, type MessagingServiceCreate } from '@agency/contracts';
import { usecaseLabel } from './labels';

type Values = Omit<MessagingServiceCreate, 'messageSamples'> & { location: string; samples: string[] };
const required = [{ required: true, whitespace: true, message: FIELD_REQUIRED }];
const atLeast = (n: number, label: string) => ({ min: n, message: `${label} must be at least ${n} characters` });
const GENERAL = ['friendlyName', 'usecase', 'location'];

/** Message Campaign: General (name, use case, location), then Details (description, 5 samples, consent); the carriers review it. */
export function CampaignDialog({
  accountId,
  open,
  locations,
  onClose,
  onSaved,
}: {
  accountId: string;
  open: boolean;
  locations: Location[];
  onClose: () => void;
  onSaved: (s: MessagingService) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const { location, samples, ...rest } = { ...form.getFieldsValue(true), ...v } as Values;
      const saved = await numbersApi.createService(accountId, location, { ...rest, messageSamples: samples });
      bus.toast({ kind: 'success', message: `Campaign ${saved.friendlyName} submitted for review` });
      onSaved(saved);
      onClose();
    } catch (err) {
      setError(PHONE_MESSAGES.campaignSaveFailed(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Message Campaign"
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      afterClose={() => setStep(0)}
      mask={{ closable: false }}
    >
      <Steps size="small" current={step} items={[{ title: 'General' }, { title: 'Details' }]} style={{ marginBottom: 24 }} />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="campaign"
        preserve
        initialValues={{
          usecase: 'discussion',
          samples: ['', '', '', '', ''],
          hasEmbeddedLinks: false,
          hasEmbeddedPhone: false,
          location: locations.length === 1 ? locations[0]!.id : undefined,
        }}
        onFinish={() => (step === 0 ? void form.validateFields(GENERAL).then(() => setStep(1)) : void submit())}
      >
        <div hidden={step !== 0}>
          <Form.Item label="Name" name="friendlyName" rules={required}>
            <Input autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item label="Use Case" name="usecase" rules={required}>
            <Select options={CAMPAIGN_USECASES.map((u) => ({ value: u, label: usecaseLabel(u) }))} />
          </Form.Item>
          <Form.Item label="Location" name="location" rules={required}>
            <Select options={locations.map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
        </div>
        {step === 1 && (
          <>
            <Form.Item
              label="Description"
              name="description"
              rules={[...required, atLeast(40, 'Description')]}
              extra="What the texts are about and who receives them."
            >
              <Input.TextArea autoFocus showCount maxLength={4096} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            {[0, 1, 2, 3, 4].map((i) => (
              <Form.Item key={i} label={`Sample Message ${i + 1}`} name={['samples', i]} rules={[...required, atLeast(20, 'Each sample message')]}>
                <Input.TextArea showCount maxLength={1024} autoSize={{ minRows: 1, maxRows: 3 }} />
              </Form.Item>
            ))}
            <Space size="large" style={{ marginBottom: 16 }}>
              <Form.Item name="hasEmbeddedLinks" valuePropName="checked" noStyle>
                <Checkbox>Messages contain links</Checkbox>
              </Form.Item>
              <Form.Item name="hasEmbeddedPhone" valuePropName="checked" noStyle>
                <Checkbox>Messages contain phone numbers</Checkbox>
              </Form.Item>
            </Space>
            <Form.Item label="How Clients Consent" name="messageFlow" rules={[...required, atLeast(40, 'The consent description')]}>
              <Input.TextArea showCount maxLength={2048} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </>
        )}
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {step === 1 && <Button onClick={() => setStep(0)}>Back</Button>}
          <Button type="primary" htmlType="submit" loading={busy}>
            {step === 0 ? 'Next' : 'Submit'}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
