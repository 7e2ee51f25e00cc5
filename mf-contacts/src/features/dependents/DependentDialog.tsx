import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { DEPENDENT_GENDERS, type Dependent, type DependentInput } from '@agency/contracts';
import { dependentsApi } from '@agency/api-client';
import { FormDialog, maskDate, withToasts } from '@agency/ui';
import { SealedInput, SsnInput } from '../common/inputs';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { useContact } from '../detail/ContactContext';

/** Add or edit a dependent; no field is mandatory. */
export function DependentDialog({ open, dependent, onClose }: { open: boolean; dependent: Dependent | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: DependentInput) => {
    if (dependent) {
      await withToasts(dependentsApi.update(id, dependent.id, emptyAsNull(values)), MSG.dependentUpdated, (m) => MSG.recordFailed('updating', 'dependent', m));
    } else {
      await withToasts(dependentsApi.create(id, dropEmpty(values) as DependentInput), MSG.dependentAdded, (m) => MSG.recordFailed('adding', 'dependent', m));
    }
    await reload();
  };
  return (
    <FormDialog<DependentInput>
      open={open}
      title={dependent ? 'Edit Dependent' : 'Add Dependent'}
      okText={dependent ? 'Update' : 'Save'}
      initialValues={dependent ?? {}}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="firstName" label="First Name">
            <Input autoFocus />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="lastName" label="Last Name">
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="relationship" label="Relationship">
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="gender" label="Gender">
            <Select allowClear options={DEPENDENT_GENDERS.map((g) => ({ value: g, label: g }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dob" label="Date of Birth">
            <SealedInput
              label="Date of Birth"
              format={maskDate}
              inputMode="numeric"
              placeholder="MM/dd/yyyy"
              reveal={dependent ? () => dependentsApi.reveal(id, dependent.id, 'dob') : undefined}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ssn" label="SSN">
            <SsnInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dlId" label="Driver's License">
            <SealedInput label="Driver's License" reveal={dependent ? () => dependentsApi.reveal(id, dependent.id, 'dlId') : undefined} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dlState" label="License State" normalize={(v: string) => v.toUpperCase().slice(0, 2)}>
            <Input maxLength={2} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="goodStudent" valuePropName="checked">
            <Checkbox>Good Student</Checkbox>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="notes" label="Notes">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
