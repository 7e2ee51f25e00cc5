import { useState } from 'react';
import { Alert, Button, Checkbox, Col, Form, Input, Progress, Row, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage, numbersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { FIELD_REQUIRED, PHONE_MESSAGES, PORT_ACKNOWLEDGEMENTS, US_STATES } from '@agency/contracts';

interface PortValues {
  type: 'residential' | 'business';
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  local: Array<{ phoneNumber: string }>;
  wireless: Array<{ phoneNumber: string; accountNumber: string; pin: string }>;
  loa: UploadFile[];
  billing: UploadFile[];
}
const required = [{ required: true, whitespace: true, message: FIELD_REQUIRED }];
const pdfOnly = {
  required: true,
  validator: (_: unknown, files?: UploadFile[]) => (files?.length ? Promise.resolve() : Promise.reject(new Error(FIELD_REQUIRED))),
};

function PdfPicker({ value, onChange, label }: { value?: UploadFile[]; onChange?: (f: UploadFile[]) => void; label: string }) {
  return (
    <Upload
      accept="application/pdf,.pdf"
      maxCount={1}
      fileList={value ?? []}
      beforeUpload={() => false}
      onChange={({ fileList }) => onChange?.(fileList.slice(-1))}
    >
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
}

/** Transfer Your Own number: the 8 acknowledgements, then the form, the LOA and a bill; the upload shows its progress. */
export function PortNumberTab({ accountId, onClose, onSubmitted }: { accountId: string; onClose: () => void; onSubmitted: () => void }) {
  const [ticked, setTicked] = useState<boolean[]>(PORT_ACKNOWLEDGEMENTS.map(() => false));
  const [agreed, setAgreed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(v: PortValues) {
    setError(null);
    const form = new FormData();
    for (const key of ['type', 'firstName', 'lastName', 'address', 'city', 'state', 'zipcode'] as const) form.append(key, v[key]);
    form.append('local', JSON.stringify(v.local ?? []));
    form.append('wireless', JSON.stringify(v.wireless ?? []));
    const loa = v.loa[0]?.originFileObj;
    const bill = v.billing[0]?.originFileObj;
    if (!loa || !bill) {
      setError(PHONE_MESSAGES.formFailed);
      return;
    }
    form.append('loa', loa, loa.name);
    form.append('billing', bill, bill.name);
    setProgress(0);
    try {
      const res = await numbersApi.port(accountId, form, setProgress);
      bus.toast({ kind: 'success', message: res.message });
      onSubmitted();
      onClose();
    } catch (err) {
      setError(`${PHONE_MESSAGES.portFailed}: ${errorMessage(err)}`);
    } finally {
      setProgress(null);
    }
  }

  if (!agreed) {
    return (
      <div>
        <Typography.Paragraph>Porting moves numbers you already have to the agency. Before you start, confirm each of these:</Typography.Paragraph>
        <Space orientation="vertical" style={{ marginBottom: 16 }}>
          {PORT_ACKNOWLEDGEMENTS.map((text, i) => (
            <Checkbox key={i} checked={ticked[i]} onChange={(e) => setTicked((t) => t.map((v, j) => (j === i ? e.target.checked : v)))}>
              {text}
            </Checkbox>
          ))}
        </Space>
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" disabled={!ticked.every(Boolean)} onClick={() => setAgreed(true)}>
            Agree
          </Button>
        </Space>
      </div>
    );
  }

  return (
    <Form<PortValues>
      layout="vertical"
      name="port"
      initialValues={{ type: 'business', local: [{ phoneNumber: '' }], wireless: [] }}
      onFinish={(v) => void submit(v)}
    >
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="Type" name="type" rules={required}>
            <Select
              options={[
                { value: 'business', label: 'Business' },
                { value: 'residential', label: 'Residential' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="First Name" name="firstName" rules={required}>
            <Input autoFocus maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="Last Name" name="lastName" rules={required}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Service Address" name="address" rules={required}>
        <Input maxLength={200} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="City" name="city" rules={required}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label="State" name="state" rules={required}>
            <Select showSearch options={US_STATES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label="Zip Code" name="zipcode" rules={[...required, { pattern: /^\d{5}(-\d{4})?$/, message: 'Zip code must be 5 digits (or 5+4)' }]}>
            <Input maxLength={10} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>Landline and VoIP numbers</Typography.Text>
      <Form.List name="local">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  label={`Number ${i + 1}`}
                  name={[row.name, 'phoneNumber']}
                  rules={[{ pattern: /^\+?1?[\s()-]*(\d[\s()-]*){10}$/, message: 'Phone numbers are 10 digits, or 11 with the country code' }]}
                >
                  <Input inputMode="tel" maxLength={20} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={`Remove number ${i + 1}`} onClick={() => remove(row.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ phoneNumber: '' })} style={{ marginBottom: 16 }}>
              Add Number
            </Button>
          </>
        )}
      </Form.List>
      <div>
        <Typography.Text strong>Mobile numbers</Typography.Text>
      </div>
      <Form.List name="wireless">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline" style={{ display: 'flex' }} wrap>
                <Form.Item label={`Mobile ${i + 1}`} name={[row.name, 'phoneNumber']} rules={required}>
                  <Input inputMode="tel" maxLength={20} />
                </Form.Item>
                <Form.Item label="Carrier Account Number" name={[row.name, 'accountNumber']} rules={required}>
                  <Input maxLength={40} />
                </Form.Item>
                <Form.Item label="Port PIN" name={[row.name, 'pin']} rules={required}>
                  <Input.Password maxLength={20} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={`Remove mobile ${i + 1}`} onClick={() => remove(row.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ phoneNumber: '', accountNumber: '', pin: '' })} style={{ marginBottom: 16 }}>
              Add Mobile Number
            </Button>
          </>
        )}
      </Form.List>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Letter of Authorization (PDF)" name="loa" valuePropName="value" rules={[pdfOnly]}>
            <PdfPicker label="Choose LOA" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Recent Bill (PDF)" name="billing" valuePropName="value" rules={[pdfOnly]}>
            <PdfPicker label="Choose Bill" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">
        Porting takes 2 to 4 weeks, continental US only; texts may be unavailable for up to 3 business days after the port.
      </Typography.Paragraph>
      {progress !== null && <Progress percent={Math.round(progress * 100)} aria-label="Uploading" style={{ marginBottom: 16 }} />}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={progress !== null}>
          Agree and Submit
        </Button>
      </Space>
    </Form>
  );
}
