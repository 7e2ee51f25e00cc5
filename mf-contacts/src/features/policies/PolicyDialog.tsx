import { Col, Form, Input, Row, Select } from 'antd';
import { PAYMENT_OTHER_HELP, POLICY_NOTES_MAX, type Policy, type PolicyInput } from '@agency/contracts';
import { policiesApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { CentsInput, DateInput } from '../common/inputs';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { SmartSelect } from '../common/SmartSelect';
import { useUsers, userLabel } from '../common/useUsers';
import { useContact } from '../detail/ContactContext';
import { paymentLabel } from '../payments/format';

/** The policy form; notes hold at most 250 characters, with a counter. */
export function PolicyFields() {
  const { full } = useContact();
  const users = useUsers();
  const method = Form.useWatch('paymentMethod');
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item name="type" label="Type">
          <SmartSelect valueKey="PolicyType" autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="company" label="Company">
          <SmartSelect valueKey="PolicyCompany" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="plan" label="Plan">
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="idNumber" label="Policy Number">
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="enrolledVia" label="Enrolled Via">
          <SmartSelect valueKey="PolicyEnrolledVia" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="premium" label="Premium">
          <CentsInput />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="issueDate" label="Issue Date">
          <DateInput />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="effectiveDate" label="Effective Date">
          <DateInput />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="termDate" label="Term Date">
          <DateInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="paymentMethod" label="Payment Method">
          <Select allowClear options={[...full.paymentMethods.map((p) => ({ value: p.id, label: paymentLabel(p) })), { value: 'other', label: 'Other' }]} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {method === 'other' ? (
          <Form.Item name="paymentMethodOther" label="Other Payment Method" extra={PAYMENT_OTHER_HELP}>
            <SmartSelect valueKey="PaymentMethodOther" />
          </Form.Item>
        ) : null}
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="managedBy" label="Managed By">
          <Select allowClear showSearch optionFilterProp="label" options={users.map((u) => ({ value: u.id, label: userLabel(u) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="link" label="Link">
          <Input inputMode="url" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea maxLength={POLICY_NOTES_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function PolicyDialog({ open, policy, onClose }: { open: boolean; policy: Policy | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: PolicyInput) => {
    const body = { ...values, paymentMethodOther: values.paymentMethod === 'other' ? values.paymentMethodOther : null };
    if (policy) {
      await withToasts(policiesApi.update(id, policy.id, emptyAsNull(body)), MSG.policyUpdated, (m) => MSG.recordFailed('updating', 'policy', m));
    } else {
      await withToasts(policiesApi.create(id, dropEmpty(body) as PolicyInput), MSG.policyAdded, (m) => MSG.recordFailed('adding', 'policy', m));
    }
    await reload();
  };
  return (
    <FormDialog<PolicyInput>
      open={open}
      title={policy ? 'Edit Policy' : 'Add Policy'}
      okText={policy ? 'Update' : 'Save'}
      initialValues={policy ?? {}}
      onSubmit={submit}
      onClose={onClose}
      width={720}
    >
      <PolicyFields />
    </FormDialog>
  );
}
