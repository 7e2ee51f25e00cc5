import { useRef } from 'react';
import { Button, Form, Input, Mentions, Radio, Space, Typography } from 'antd';
import {
  MAX_TEMPLATE_LENGTH,
  MAX_TEMPLATE_NAME,
  MESSAGE_PLACEHOLDERS,
  RENEWAL_PLACEHOLDERS,
  TEMPLATE_MESSAGES,
  smsCount,
  unknownPlaceholders,
  type MessageTemplate,
  type TemplateGroup,
} from '@agency/contracts';
import { templatesApi } from '@agency/api-client';
import { FormDialog, withToasts } from '@agency/ui';

interface TemplateValues {
  name: string;
  group: TemplateGroup;
  template: string;
}

/** A placeholder picked after typing @ arrives as '@{{name}}': the @ only summoned the list. */
export const dropMentionSigns = (text: string) => text.replace(/@(\{\{[A-Za-z]+\}\})/g, '$1');

/**
 * What the counter under the message says: the characters as typed (the limit counts these) and
 * the SMS segments the text takes as written (GSM rules: 160, or 153 a segment when split; a
 * character outside GSM makes it Unicode at 70 and 67). Filled placeholders change both.
 */
export function counterText(text: string): string {
  const c = smsCount(text);
  const segments = `${c.segments} SMS ${c.segments === 1 ? 'segment' : 'segments'}`;
  return `${text.length} / ${MAX_TEMPLATE_LENGTH} characters · ${segments}${c.encoding === 'unicode' ? ' (Unicode: 70 characters per segment)' : ''}`;
}

/** The message editor: placeholders come from the buttons above it or by typing @. */
function MessageEditor({ value = '', onChange }: { value?: string; onChange?: (v: string) => void }) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const insert = (name: string) => {
    const el = box.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    onChange?.(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <div>
      <Space wrap size={[4, 4]} style={{ marginBottom: 6 }} aria-label="Insert a placeholder" role="group">
        {MESSAGE_PLACEHOLDERS.map((p) => (
          <Button key={p.name} size="small" onClick={() => insert(p.name)} aria-label={`Insert ${p.label}`}>
            {p.label}
          </Button>
        ))}
      </Space>
      <Mentions
        id="template-message"
        aria-label="Message"
        prefix="@"
        autoSize={{ minRows: 4, maxRows: 10 }}
        value={value}
        onChange={(v) => onChange?.(dropMentionSigns(v))}
        options={[
          ...MESSAGE_PLACEHOLDERS.map((p) => ({ value: `{{${p.name}}}`, key: p.name, label: `${p.label} {{${p.name}}}` })),
          // filled in renewal texts only (Account > Settings > Renewals)
          ...RENEWAL_PLACEHOLDERS.map((p) => ({ value: `{{${p.name}}}`, key: p.name, label: `${p.label} {{${p.name}}} (renewal texts)` })),
        ]}
        filterOption={(input, option) => `${option.key ?? ''} ${String(option.value ?? '')}`.toLowerCase().includes(input.toLowerCase())}
        ref={(m) => {
          box.current = (m?.textarea as HTMLTextAreaElement | undefined) ?? null;
        }}
      />
      <Typography.Text type="secondary" role="status" style={{ fontSize: 12 }}>
        {counterText(value)}
      </Typography.Text>
    </div>
  );
}

/** Create or edit a message template; team templates are for admins. Mounted afresh for each opening. */
export function TemplateDialog({
  template,
  admin,
  onClose,
  onSaved,
}: {
  template: MessageTemplate | null;
  admin: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const submit = async (values: TemplateValues) => {
    const name = values.name.trim();
    const body = { name, template: values.template.trim() };
    const work = template ? templatesApi.update(template.id, body) : templatesApi.create({ ...body, group: values.group, format: 'message' });
    await withToasts(work, TEMPLATE_MESSAGES.saved(name), TEMPLATE_MESSAGES.failed);
    onSaved();
  };
  return (
    <FormDialog<TemplateValues>
      requiredMark={false}
      open
      width={640}
      title={template ? `Edit Template ${template.name}` : 'Create Template'}
      initialValues={{ name: template?.name ?? '', group: template?.group ?? (admin ? 'team' : 'personal'), template: template?.template ?? '' }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Template name is required' },
          { max: MAX_TEMPLATE_NAME, message: `Template names must be at most ${MAX_TEMPLATE_NAME} characters` },
        ]}
      >
        <Input autoFocus maxLength={MAX_TEMPLATE_NAME} />
      </Form.Item>
      <Form.Item label="Shared with" name="group" htmlFor="template-group">
        <Radio.Group id="template-group" disabled={!!template}>
          <Radio value="team" disabled={!admin}>
            Team
          </Radio>
          <Radio value="personal">Only me</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="Message"
        name="template"
        htmlFor="template-message"
        extra="Type @ or use a button to insert a contact field; it is filled in when the message is sent, so the sent length varies by contact."
        rules={[
          { required: true, whitespace: true, message: 'Template text is required' },
          { max: MAX_TEMPLATE_LENGTH, message: `Templates must be at most ${MAX_TEMPLATE_LENGTH} characters` },
          {
            validator: (_r, v: string | undefined) => {
              const unknown = unknownPlaceholders(v ?? '');
              return unknown.length ? Promise.reject(new Error(TEMPLATE_MESSAGES.unknownPlaceholder(unknown))) : Promise.resolve();
            },
          },
        ]}
      >
        <MessageEditor />
      </Form.Item>
    </FormDialog>
  );
}
