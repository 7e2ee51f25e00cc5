import { useMemo, useState, type ReactNode } from 'react';
import { Alert, AutoComplete, Button, Checkbox, Col, Form, Input, Row, Select, Space } from 'antd';
import {
  BRAND_TYPES,
  BUSINESS_TYPES,
  FIELD_REQUIRED,
  ID_TYPES,
  INDUSTRIES,
  JOB_POSITIONS,
  STOCK_EXCHANGES,
  US_STATES,
  type Location,
  type RegistrationAddressInput,
  type RegistrationBrandInput,
  type RegistrationBusinessInput,
  type RegistrationFailure,
  type RegistrationRepInput,
  type RegistrationStep,
} from '@agency/contracts';

const required = [{ required: true, whitespace: true, message: FIELD_REQUIRED }];
const options = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }));
const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');

/** The tz codes offered for a location (free text is allowed too). */
export function timezoneOptions(): { value: string }[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
  return zones.map((value) => ({ value }));
}

/** A refusal's reason shown under its field, until the step is saved again. */
function reasonOf(failures: RegistrationFailure[], step: RegistrationStep, field: string) {
  const reason = failures.find((f) => f.step === step && f.field === field)?.failureReason;
  return reason ? { validateStatus: 'error' as const, help: reason } : {};
}

/** The buttons under a step: Back, then the step's own (Save & Next by default). */
function StepButtons({ onBack, busy, extra, saveText = 'Save & Next' }: { onBack?: () => void; busy: boolean; extra?: ReactNode; saveText?: string }) {
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      {onBack && <Button onClick={onBack}>Back</Button>}
      {extra}
      <Button type="primary" htmlType="submit" loading={busy}>
        {saveText}
      </Button>
    </Space>
  );
}

interface StepProps<T> {
  initial: Partial<T> | null;
  failures: RegistrationFailure[];
  onSave: (values: T) => Promise<void>;
  onBack?: () => void;
}

/** Runs a step's save with its busy state (the caller reports failures). */
function useSave<T>(onSave: (v: T) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    save: async (v: T) => {
      setBusy(true);
      try {
        await onSave(v);
      } catch {
        // reported by the wizard; what was typed stays
      } finally {
        setBusy(false);
      }
    },
  };
}

export function GeneralStep({
  location,
  others,
  onSave,
}: {
  location: Location | null;
  others: Location[];
  onSave: (v: { name: string; timezone: string; copyFrom?: string | null }) => Promise<void>;
}) {
  const { busy, save } = useSave(onSave);
  const zones = useMemo(timezoneOptions, []);
  return (
    <Form
      layout="vertical"
      name="location-general"
      initialValues={location ?? { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }}
      onFinish={(v) => void save(v)}
    >
      <Form.Item label="Name" name="name" rules={required}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item label="Timezone" name="timezone" rules={required}>
        <AutoComplete options={zones} filterOption={(input, o) => !!o?.value.toLowerCase().includes(input.toLowerCase())} />
      </Form.Item>
      {!location && others.length > 0 && (
        <Form.Item label="Copy Business Registration From" name="copyFrom" extra="The address, business and representatives of that location are filled in.">
          <Select allowClear options={others.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
      )}
      <StepButtons busy={busy} />
    </Form>
  );
}

export function AddressStep({ initial, failures, onSave, onBack }: StepProps<RegistrationAddressInput>) {
  const { busy, save } = useSave(onSave);
  return (
    <Form layout="vertical" name="location-address" initialValues={{ emergencyEnabled: false, ...initial }} onFinish={(v) => void save(v)}>
      <Form.Item label="Legal Name" name="legalName" rules={required}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item label="Address" name="address" rules={required} {...reasonOf(failures, 'address', 'address')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Address 2" name="address2">
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
            <Select showSearch options={options(US_STATES)} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item label="Zip Code" name="zipcode" rules={[...required, { pattern: /^\d{5}(-\d{4})?$/, message: 'Zip code must be 5 digits (or 5+4)' }]}>
            <Input maxLength={10} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="emergencyEnabled" valuePropName="checked">
        <Checkbox>Use this address for emergency calls</Checkbox>
      </Form.Item>
      <StepButtons busy={busy} onBack={onBack} />
    </Form>
  );
}

export function BusinessStep({ initial, failures, onSave, onBack }: StepProps<RegistrationBusinessInput>) {
  const { busy, save } = useSave(onSave);
  const [form] = Form.useForm<RegistrationBusinessInput>();
  const idType = Form.useWatch('idType', form);
  return (
    <Form
      form={form}
      layout="vertical"
      name="location-business"
      initialValues={{ identity: 'direct_customer', operations: 'USA_AND_CANADA', ...initial }}
      onFinish={(v) => void save(v)}
    >
      <Form.Item label="Business Name" name="businessName" rules={required}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Identity" name="identity">
            <Select disabled options={[{ value: 'direct_customer', label: 'Direct customer' }]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Business Type" name="businessType" rules={required} {...reasonOf(failures, 'business', 'businessType')}>
            <Select options={options(BUSINESS_TYPES)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Industry" name="industry" rules={required}>
            <Select showSearch options={options(INDUSTRIES, words)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Operations" name="operations">
            <Select disabled options={[{ value: 'USA_AND_CANADA', label: 'USA and Canada' }]} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={idType === 'OTHER' ? 8 : 12}>
          <Form.Item label="ID Type" name="idType" rules={required} {...reasonOf(failures, 'business', 'idType')}>
            <Select options={options(ID_TYPES)} />
          </Form.Item>
        </Col>
        {idType === 'OTHER' && (
          <Col span={8}>
            <Form.Item label="Other ID Type" name="idTypeOther" rules={required}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        )}
        <Col span={idType === 'OTHER' ? 8 : 12}>
          <Form.Item label="Registration Number" name="registrationNumber" rules={required} {...reasonOf(failures, 'business', 'registrationNumber')}>
            <Input maxLength={40} placeholder={idType === 'EIN' ? '12-3456789' : undefined} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Website"
        name="websiteUrl"
        rules={[...required, { pattern: /^https?:\/\/[^\s.]+\.[^\s]+$/i, message: 'Enter a full address starting with http:// or https://' }]}
        {...reasonOf(failures, 'business', 'websiteUrl')}
      >
        <Input maxLength={300} placeholder="https://" />
      </Form.Item>
      <Form.Item
        label="Social Media Profile"
        name="socialMediaUrl"
        rules={[{ pattern: /^https?:\/\/[^\s.]+\.[^\s]+$/i, message: 'Enter a full address starting with http:// or https://' }]}
      >
        <Input maxLength={300} placeholder="https://" />
      </Form.Item>
      <StepButtons busy={busy} onBack={onBack} />
    </Form>
  );
}

export function RepStep({
  level,
  initial,
  failures,
  onSave,
  onBack,
  onSkip,
}: StepProps<RegistrationRepInput> & { level: 1 | 2; onSkip?: () => Promise<void> }) {
  const { busy, save } = useSave(onSave);
  const skip = useSave(async () => onSkip?.());
  const step: RegistrationStep = level === 1 ? 'rep1' : 'rep2';
  return (
    <Form layout="vertical" name={`location-rep${level}`} initialValues={initial ?? { phoneNumber: '+1' }} onFinish={(v) => void save(v)}>
      {level === 2 && <Alert type="info" showIcon title="A second authorized representative is optional." style={{ marginBottom: 16 }} />}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="First Name" name="firstName" rules={required}>
            <Input autoFocus maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Last Name" name="lastName" rules={required}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Email"
        name="email"
        rules={[...required, { type: 'email', message: 'Enter a valid email address' }]}
        {...reasonOf(failures, step, 'email')}
      >
        <Input maxLength={200} type="email" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Business Title" name="businessTitle" rules={required}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Job Position" name="jobPosition" rules={required}>
            <Select options={options(JOB_POSITIONS)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Phone Number"
        name="phoneNumber"
        normalize={(v: string) => `+${v.replace(/\D/g, '').slice(0, 15)}`}
        rules={[...required, { pattern: /^\+\d{11,15}$/, message: 'Phone number must start with + and the country code' }]}
      >
        <Input inputMode="tel" maxLength={16} />
      </Form.Item>
      <StepButtons
        busy={busy}
        onBack={onBack}
        extra={
          onSkip && (
            <Button onClick={() => void skip.save(undefined)} loading={skip.busy}>
              Skip
            </Button>
          )
        }
      />
    </Form>
  );
}

export function BrandForm({ onSave, onBack }: { onSave: (v: RegistrationBrandInput) => Promise<void>; onBack: () => void }) {
  const { busy, save } = useSave(onSave);
  const [form] = Form.useForm<RegistrationBrandInput>();
  const type = Form.useWatch('brandType', form);
  return (
    <Form form={form} layout="vertical" name="location-brand" onFinish={(v) => void save(v)}>
      <Form.Item label="Brand Type" name="brandType" rules={required}>
        <Select options={options(BRAND_TYPES, (v) => v.charAt(0).toUpperCase() + v.slice(1))} />
      </Form.Item>
      {type === 'public' && (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Stock Exchange" name="stockExchange" rules={required}>
              <Select options={options(STOCK_EXCHANGES)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Stock Ticker" name="stockTicker" rules={required}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
        </Row>
      )}
      <StepButtons busy={busy} onBack={onBack} saveText="Submit Brand" />
    </Form>
  );
}
