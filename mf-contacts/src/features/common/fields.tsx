import type { ReactNode } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { DateInput, MoneyInput, PhoneInput } from './inputs';
import { SmartSelect } from './SmartSelect';

type Name = string | number | Array<string | number>;

/** Small builders for the long record forms: one labelled field each. */
export const F = {
  text: (name: Name, label: string) => (
    <Form.Item name={name} label={label}>
      <Input />
    </Form.Item>
  ),
  area: (name: Name, label: string) => (
    <Form.Item name={name} label={label}>
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
    </Form.Item>
  ),
  num: (name: Name, label: string, min = 0, max?: number) => (
    <Form.Item name={name} label={label}>
      <InputNumber style={{ width: '100%' }} min={min} max={max} />
    </Form.Item>
  ),
  money: (name: Name, label: string) => (
    <Form.Item name={name} label={label}>
      <MoneyInput />
    </Form.Item>
  ),
  date: (name: Name, label: string) => (
    <Form.Item name={name} label={label}>
      <DateInput />
    </Form.Item>
  ),
  phone: (name: Name, label: string) => (
    <Form.Item name={name} label={label}>
      <PhoneInput />
    </Form.Item>
  ),
  state: (name: Name, label = 'State') => (
    <Form.Item name={name} label={label} normalize={(v: string) => (v ?? '').toUpperCase().slice(0, 2)}>
      <Input maxLength={2} />
    </Form.Item>
  ),
  check: (name: Name, label: string) => (
    <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  ),
  smart: (name: Name, label: string, valueKey: string) => (
    <Form.Item name={name} label={label}>
      <SmartSelect valueKey={valueKey} />
    </Form.Item>
  ),
};

/** A grid cell. */
export const C = ({ children, span = 8 }: { children: ReactNode; span?: number }) => (
  <Col xs={24} md={span}>
    {children}
  </Col>
);
export const Grid = ({ children }: { children: ReactNode }) => <Row gutter={12}>{children}</Row>;

/** A repeatable group of fields (siding, dogs, locations...) with add and remove. */
export function ListOf({ name, label, addLabel, render }: { name: string; label: string; addLabel: string; render: (field: number) => ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend style={{ fontSize: 14, fontWeight: 500, marginBottom: 4 }}>{label}</legend>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" style={{ display: 'flex' }}>
                <div style={{ flex: 1 }}>{render(field.name)}</div>
                <Button
                  type="text"
                  danger
                  icon={<MinusCircleOutlined />}
                  aria-label={`Remove ${label} ${i + 1}`}
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30 }}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              {addLabel}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
