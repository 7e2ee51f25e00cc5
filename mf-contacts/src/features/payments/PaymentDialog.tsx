import { Alert, Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { CVC_NOTICE, PAYMENT_TYPES, cardExpiryYears, isCardType, type PaymentMethod, type PaymentMethodInput } from '@agency/contracts';
import { paymentMethodsApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { useContact } from '../detail/ContactContext';
import { EXPIRY_MONTHS, joinExpiry, paymentTypeLabel, splitExpiry } from './format';

type Values = Omit<PaymentMethodInput, 'expDate'> & { expMonth?: string; expYear?: number };

/** Add or edit a payment method; routing for bank accounts only, expiry for cards only; the CVC is never asked. */
export function PaymentDialog({ open, method, onClose }: { open: boolean; method: PaymentMethod | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async ({ expMonth, expYear, ...values }: Values) => {
    const card = isCardType(values.type);
    const body: PaymentMethodInput = { ...values, routing: card ? null : values.routing, expDate: card ? joinExpiry(expMonth, expYear) : null };
    if (method) {
      await withToasts(paymentMethodsApi.update(id, method.id, emptyAsNull(body)), MSG.paymentMethodUpdated, MSG.paymentMethodUpdateFailed);
    } else {
      await withToasts(paymentMethodsApi.create(id, dropEmpty(body) as PaymentMethodInput), MSG.paymentMethodAdded, MSG.paymentMethodCreateFailed);
    }
    await reload();
  };
  return (
    <FormDialog<Values>
      open={open}
      title={method ? 'Edit Payment Method' : 'Add Payment Method'}
      okText={method ? 'Update' : 'Save'}
      initialValues={method ? { ...method, ...splitExpiry(method.expDate) } : { type: 'checking' }}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <PaymentFields />
    </FormDialog>
  );
}

function PaymentFields() {
  const type = Form.useWatch<string>('type');
  const card = isCardType(type);
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="type" label="Type" rules={[{ required: true, message: 'Choose a payment type' }]}>
          <Select options={PAYMENT_TYPES.map((t) => ({ value: t, label: paymentTypeLabel(t) }))} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="name" label={card ? 'Name on Card' : 'Account Holder'}>
          <Input autoFocus />
        </Form.Item>
      </Col>
      {card ? null : (
        <Col span={12}>
          <Form.Item name="routing" label="Routing Number">
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="account" label={card ? 'Card Number' : 'Account Number'}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Col>
      {card ? (
        <>
          <Col span={6}>
            <Form.Item name="expMonth" label="Exp. Month">
              <Select allowClear options={EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="expYear" label="Exp. Year">
              <Select allowClear options={cardExpiryYears().map((y) => ({ value: y, label: String(y) }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Alert type="info" showIcon title={CVC_NOTICE} style={{ marginBottom: 12 }} />
          </Col>
        </>
      ) : null}
      <Col span={24}>
        <Form.Item name="address" label={card ? 'Cardholder Address' : 'Address'}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item name="city" label="City">
          <Input />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="state" label="State" normalize={(v: string) => v.toUpperCase().slice(0, 2)}>
          <Input maxLength={2} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="zipcode" label="Zip Code">
          <Input inputMode="numeric" maxLength={10} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="isBusinessAccount" valuePropName="checked">
          <Checkbox>Business Account</Checkbox>
        </Form.Item>
      </Col>
    </Row>
  );
}
