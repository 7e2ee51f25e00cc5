import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { ADDRESS_TYPES, type Address, type AddressInput } from '@agency/contracts';
import { addressesApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { dropEmpty, emptyAsNull } from '../common/clean';
import { useContact } from '../detail/ContactContext';

/** Add or edit one address; no field is mandatory. */
export function AddressDialog({ open, address, onClose }: { open: boolean; address: Address | null; onClose: () => void }) {
  const { id, reload } = useContact();
  const submit = async (values: AddressInput) => {
    if (address) {
      await withToasts(addressesApi.update(id, address.id, emptyAsNull(values)), MSG.addressUpdated, (m) => MSG.recordFailed('updating', 'address', m));
    } else {
      await withToasts(addressesApi.create(id, dropEmpty(values) as AddressInput), MSG.addressAdded, (m) => MSG.recordFailed('adding', 'address', m));
    }
    await reload();
  };
  return (
    <FormDialog<AddressInput>
      open={open}
      title={address ? 'Edit Address' : 'Add Address'}
      okText={address ? 'Update' : 'Save'}
      initialValues={address ? { ...address, country: address.country ?? undefined } : { type: 'Physical', pinned: false }}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="type" label="Type">
            <Select options={ADDRESS_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pinned" label="Pinned" valuePropName="checked">
            <Checkbox>Show under the contact cards</Checkbox>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="Address">
            <Input autoFocus />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address2" label="Address 2">
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="city" label="City">
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="county" label="County">
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="state" label="State" normalize={(v: string) => v.toUpperCase().slice(0, 2)}>
            <Input maxLength={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="zipcode" label="Zip Code">
            <Input maxLength={10} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="country" label="Country">
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
