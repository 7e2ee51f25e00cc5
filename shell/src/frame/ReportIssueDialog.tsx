import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { utilitiesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { FEEDBACK_CATEGORIES, type Feedback } from '@agency/contracts';

export const FEEDBACK_SENT = 'Feedback was sent to our support group.  Thank You!';
export const FEEDBACK_FAILED = 'Error sending feedback.  Please contact us directly.  Thank You!';
export const RELATED_TO = ['Dashboard', 'Tasks', 'Team Chat', 'Contacts', 'Messages', 'Campaigns', 'Phone', 'Account', 'Billing', 'Other'];

/** Sends an issue, question or idea to support. */
export function ReportIssueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Feedback>();
  const [sending, setSending] = useState(false);

  async function send(values: Feedback) {
    setSending(true);
    try {
      await utilitiesApi.feedback({ ...values, comments: values.comments.trim() });
      bus.toast({ kind: 'success', message: FEEDBACK_SENT });
      form.resetFields();
      onClose();
    } catch {
      bus.toast({ kind: 'error', message: FEEDBACK_FAILED });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Report an issue"
      onCancel={onClose}
      width={520}
      forceRender
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={sending}>
            Send
          </Button>
        </>
      }
      modalRender={(dom) => (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={send} name="report-issue" initialValues={{ category: 'Issue' }}>
          {dom}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">Tell us what happened or what you need. Our support group reads every message.</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item label="Category" name="category" rules={[{ required: true, message: 'Choose a category' }]} style={{ flex: 1 }}>
          <Select options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item label="Related to" name="relatedTo" rules={[{ required: true, message: 'Choose what it is related to' }]} style={{ flex: 1 }}>
          <Select placeholder="Choose an area" options={RELATED_TO.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </div>
      <Form.Item
        label="Comments"
        name="comments"
        rules={[
          { required: true, whitespace: true, message: 'Comments are required' },
          { max: 5000, message: 'Comments must be at most 5000 characters' },
        ]}
        extra="Ctrl+Enter sends."
      >
        <Input.TextArea
          rows={5}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              form.submit();
            }
          }}
        />
      </Form.Item>
    </Modal>
  );
}
