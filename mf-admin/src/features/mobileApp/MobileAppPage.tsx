import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Space, Tag, theme, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { errorMessage, mobileAppApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { MOBILE_APP_MESSAGES, MOBILE_LOGO_SIZE, type MobileAppInput, type MobileAppSettings } from '@agency/contracts';
import { RetryAlert, useObservable } from '@agency/ui';
import { pictureProblem, resizeImage } from '../profile/resizeImage';
import { useUnsavedChanges } from '../settings/unsaved';

type Values = Required<Omit<MobileAppInput, 'logo'>> & { logo: string | null };
const EMPTY: Values = { logo: null, products: [], departments: [], changeRequestTypes: [], referralBonus: '', referralDisclaimer: '' };
const valuesOf = (s: MobileAppSettings | null): Values =>
  s
    ? {
        logo: s.logo,
        products: s.products,
        departments: s.departments,
        changeRequestTypes: s.changeRequestTypes,
        referralBonus: s.referralBonus,
        referralDisclaimer: s.referralDisclaimer,
      }
    : EMPTY;

/** What clients see on their phone: the logo, what they can ask about, and the referral offer. */
function PhonePreview({ values, company }: { values: Values; company: string }) {
  const { token } = theme.useToken();
  return (
    <div
      aria-label="Phone preview"
      role="img"
      style={{
        width: 260,
        margin: '0 auto',
        border: `10px solid ${token.colorText}`,
        borderRadius: 36,
        padding: 16,
        minHeight: 500,
        background: token.colorBgContainer,
      }}
    >
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        {values.logo ? (
          <img src={values.logo} alt="Logo" width={96} height={96} style={{ borderRadius: 16 }} />
        ) : (
          <Avatar shape="square" size={96} icon={<PictureOutlined />} />
        )}
        <Typography.Text strong>{company}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Get a quote
      </Typography.Text>
      <Flex wrap gap={4} style={{ margin: '4px 0 12px' }}>
        {values.products.length ? values.products.map((p) => <Tag key={p}>{p}</Tag>) : <Typography.Text type="secondary">No products yet</Typography.Text>}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Contact a department
      </Typography.Text>
      <Flex vertical gap={4} style={{ margin: '4px 0 12px' }}>
        {values.departments.map((d) => (
          <Button key={d} size="small" block tabIndex={-1}>
            {d}
          </Button>
        ))}
      </Flex>
      {values.changeRequestTypes.length > 0 && (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Request a change
          </Typography.Text>
          <Flex wrap gap={4} style={{ margin: '4px 0 12px' }}>
            {values.changeRequestTypes.map((c) => (
              <Tag key={c} color="blue">
                {c}
              </Tag>
            ))}
          </Flex>
        </>
      )}
      {values.referralBonus && (
        <Card size="small" style={{ background: token.colorPrimaryBg }}>
          <Typography.Text strong>Refer a friend: {values.referralBonus}</Typography.Text>
          {values.referralDisclaimer && <Typography.Paragraph style={{ fontSize: 11, margin: '4px 0 0' }}>{values.referralDisclaimer}</Typography.Paragraph>}
        </Card>
      )}
    </div>
  );
}

/** /account/info/mobileapp: the branded client app's settings beside a phone preview; Clear and Submit (Update once set). */
export function MobileAppPage() {
  const company = useObservable(bus.session$)?.account.name ?? '';
  const [form] = Form.useForm<Values>();
  const [stored, setStored] = useState<MobileAppSettings | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const watched = (Form.useWatch([], form) as Values | undefined) ?? valuesOf(stored ?? null);
  const dirty = stored !== undefined && JSON.stringify({ ...EMPTY, ...watched }) !== JSON.stringify(valuesOf(stored));
  useUnsavedChanges(dirty);

  useEffect(() => {
    setError(null);
    mobileAppApi.get().then(
      (s) => {
        setStored(s);
        form.setFieldsValue(valuesOf(s));
      },
      (err) => setError(`Unable to load mobile app settings: ${errorMessage(err)}`),
    );
  }, [form, attempt]);

  async function pickLogo(file: File) {
    setLogoError(pictureProblem(file));
    if (pictureProblem(file)) return;
    try {
      form.setFieldValue('logo', await resizeImage(file, MOBILE_LOGO_SIZE, 'png'));
    } catch (err) {
      setLogoError((err as Error).message);
    }
  }

  async function submit(v: Values) {
    setBusy(true);
    try {
      const body = { ...EMPTY, ...v };
      const saved = stored ? await mobileAppApi.update(body) : await mobileAppApi.create(body);
      setStored(saved);
      form.setFieldsValue(valuesOf(saved));
      bus.toast({ kind: 'success', message: MOBILE_APP_MESSAGES.saved });
    } catch (err) {
      bus.toast({ kind: 'error', message: (stored ? MOBILE_APP_MESSAGES.updateFailed : MOBILE_APP_MESSAGES.setFailed)(errorMessage(err)) });
    } finally {
      setBusy(false);
    }
  }

  if (error) return <RetryAlert message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (stored === undefined) return <Skeleton active paragraph={{ rows: 8 }} />;
  const tags = (label: string) => <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} placeholder={`Type a ${label} and press Enter`} />;

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Client Mobile App <Tag color="purple">beta</Tag>
      </Typography.Title>
      <Row gutter={32}>
        <Col xs={24} lg={14}>
          <Form<Values> form={form} layout="vertical" name="mobile-app" initialValues={valuesOf(stored)} onFinish={(v) => void submit(v)}>
            <Form.Item label="Logo" name="logo" extra={`Resized to ${MOBILE_LOGO_SIZE} x ${MOBILE_LOGO_SIZE} PNG.`}>
              <Space>
                <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} beforeUpload={(file) => (void pickLogo(file), false)}>
                  <Button icon={<PictureOutlined />}>Choose Logo</Button>
                </Upload>
                {watched.logo && (
                  <Button icon={<DeleteOutlined />} onClick={() => form.setFieldValue('logo', null)}>
                    Remove Logo
                  </Button>
                )}
              </Space>
            </Form.Item>
            {logoError && <Alert type="error" showIcon title={logoError} style={{ marginBottom: 16 }} />}
            <Form.Item label="Products" name="products">
              {tags('product')}
            </Form.Item>
            <Form.Item label="Departments" name="departments">
              {tags('department')}
            </Form.Item>
            <Form.Item label="Change Request Types" name="changeRequestTypes">
              {tags('request type')}
            </Form.Item>
            <Form.Item label="Referral Bonus" name="referralBonus">
              <Input maxLength={200} placeholder="$25 gift card" />
            </Form.Item>
            <Form.Item label="Referral Disclaimer" name="referralDisclaimer">
              <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
            <Space>
              <Button onClick={() => form.setFieldsValue(EMPTY)}>Clear</Button>
              <Button type="primary" htmlType="submit" loading={busy} disabled={!dirty}>
                {stored ? 'Update' : 'Submit'}
              </Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <PhonePreview values={{ ...EMPTY, ...watched }} company={company} />
        </Col>
      </Row>
    </div>
  );
}
