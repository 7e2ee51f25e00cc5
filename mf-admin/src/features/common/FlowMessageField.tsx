import { useState } from 'react';
import { Button, Form, Input, Select, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import type { FlowMessage } from '@agency/contracts';
import { RecordingPicker } from './RecordingPicker';

/**
 * One call-flow message: disabled, a text the voice reads, or a recording from the picker
 * (spec 002: 'A message type switches among disabled, text and recording').
 */
export function FlowMessageField({
  id,
  label,
  extra,
  value,
  onChange,
  maxLength = 1000,
  textLabel = `${label} text`,
  defaultText = '',
}: {
  id: string;
  label: string;
  extra?: string;
  value: FlowMessage | undefined;
  onChange(next: FlowMessage): void;
  maxLength?: number;
  /** The text box's label. */
  textLabel?: string;
  /** What the text starts as when Text is chosen. */
  defaultText?: string;
}) {
  const message = value ?? { type: 'disabled' as const };
  const [picking, setPicking] = useState(false);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Form.Item label={label} htmlFor={id} extra={extra} style={{ margin: 0 }}>
        <Select
          id={id}
          style={{ maxWidth: 240 }}
          value={message.type}
          onChange={(type: FlowMessage['type']) => {
            if (type === 'recording') setPicking(true);
            else if (type === 'text') onChange({ type, message: defaultText });
            else onChange({ type });
          }}
          options={[
            { value: 'disabled', label: 'Disabled' },
            { value: 'text', label: 'Text' },
            { value: 'recording', label: 'Recording' },
          ]}
        />
      </Form.Item>
      {message.type === 'text' && (
        <Input.TextArea
          aria-label={textLabel}
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={maxLength}
          value={message.message}
          onChange={(e) => onChange({ type: 'text', message: e.target.value })}
        />
      )}
      {message.type === 'recording' && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <Typography.Text>
            <SoundOutlined /> {message.name}
          </Typography.Text>
          <Button size="small" onClick={() => setPicking(true)}>
            Change recording
          </Button>
        </div>
      )}
      <RecordingPicker
        open={picking}
        current={message.type === 'recording' ? message.url : undefined}
        onClose={() => setPicking(false)}
        onChoose={(r) => {
          setPicking(false);
          onChange({ type: 'recording', url: r.url, name: r.name, lastModified: r.lastModified });
        }}
      />
    </div>
  );
}
