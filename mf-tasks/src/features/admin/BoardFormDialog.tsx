import { useEffect, useState } from 'react';
import { enterSubmits } from '../../enterSubmits';
import { Button, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { TaskBoard, TaskBoardInput, TaskBoardTag, TaskUser } from '@agency/contracts';
import { fullName } from '@agency/ui';

interface FormValues {
  boardname: string;
  description: string;
  monitor: boolean;
  lanes: Array<{ id?: string; label: string }>;
  allowedUsers: string[];
  assignedTag: string[];
}

export interface BoardFormDialogProps {
  open: boolean;
  board: TaskBoard | null;
  users: TaskUser[];
  tags: TaskBoardTag[];
  tagsError: string | null;
  onClose: () => void;
  onSubmit: (input: TaskBoardInput) => Promise<boolean>;
}

const NEW_BOARD: FormValues = {
  boardname: '',
  description: '',
  monitor: false,
  lanes: [{ label: 'To Do' }, { label: 'In Progress' }, { label: 'Done' }],
  allowedUsers: [],
  assignedTag: [],
};

/** Create or edit a board: name, description, lanes (add, rename, reorder, delete), allowed users, assigned tags, monitor. */
export function BoardFormDialog({ open, board, users, tags, tagsError, onClose, onSubmit }: BoardFormDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      board
        ? {
            boardname: board.boardname,
            description: board.description,
            monitor: board.monitor,
            lanes: board.lanes.map((l) => ({ id: l.id, label: l.label })),
            allowedUsers: board.allowedUsers,
            assignedTag: board.assignedTag.map((t) => t.id),
          }
        : NEW_BOARD,
    );
  }, [open, board, form]);
  const knownTags = new Map([...tags, ...(board?.assignedTag ?? [])].map((t) => [t.id, t]));

  const finish = async (v: FormValues) => {
    setSaving(true);
    try {
      const ok = await onSubmit({
        boardname: v.boardname,
        description: v.description ?? '',
        monitor: !!v.monitor,
        lanes: v.lanes.map((l) => (l.id ? { id: l.id, label: l.label } : { label: l.label })),
        allowedUsers: v.allowedUsers ?? [],
        assignedTag: v.assignedTag ?? [],
      });
      if (ok) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={board ? `Edit ${board.boardname}` : 'New Task Board'}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" htmlType="submit" form="task-board-form" loading={saving}>
          {board ? 'Update' : 'Create'}
        </Button>,
      ]}
    >
      <Form id="task-board-form" form={form} onKeyDown={enterSubmits(() => form.submit())} layout="vertical" onFinish={finish} initialValues={NEW_BOARD}>
        <Form.Item name="boardname" label="Board name" rules={[{ required: true, whitespace: true, message: 'Board name is required' }]}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Typography.Text strong>Lanes</Typography.Text>
        <Form.List
          name="lanes"
          rules={[{ validator: async (_r, lanes: unknown[]) => (lanes?.length ? undefined : Promise.reject(new Error('A board needs at least one lane'))) }]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <div style={{ marginTop: 8, marginBottom: 16 }}>
              {fields.map((field, i) => (
                <div key={field.key} style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'label']}
                    label={`Lane ${i + 1}`}
                    rules={[{ required: true, whitespace: true, message: 'Every lane needs a name' }]}
                    style={{ flex: 1, marginBottom: 8 }}
                    labelCol={{ span: 5 }}
                    wrapperCol={{ span: 19 }}
                    layout="horizontal"
                  >
                    <Input maxLength={60} />
                  </Form.Item>
                  <Button type="text" icon={<ArrowUpOutlined />} aria-label={`Move lane ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)} />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move lane ${i + 1} down`}
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete lane ${i + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '' })} disabled={fields.length >= 20}>
                Add Lane
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <Form.Item name="allowedUsers" label="Allowed users" extra="Leave empty to open the board to everyone in the agency.">
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={users.map((u) => ({ value: u.id, label: fullName(u) }))}
            notFoundContent="No users found"
          />
        </Form.Item>
        <Form.Item
          name="assignedTag"
          label="Assigned tags"
          extra={tagsError ?? 'Each client holding one of these tags gets one card in the first lane.'}
          validateStatus={tagsError ? 'warning' : undefined}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={[...knownTags.values()].map((t) => ({ value: t.id, label: t.name }))}
            notFoundContent="No Tags Found"
          />
        </Form.Item>
        <Form.Item name="monitor" label="Monitor for past due cards" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
