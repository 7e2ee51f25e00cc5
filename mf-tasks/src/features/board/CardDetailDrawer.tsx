import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Descriptions, Drawer, Form, Input, Select, Tag } from 'antd';
import { TASK_CARD_REPEATS, type TaskBoard, type TaskCard, type TaskCardFields } from '@agency/contracts';
import { formatDate, fullName, HEX_COLOR_MESSAGE, isHexColor, normalizeHex } from '@agency/ui';

interface DetailForm {
  title: string;
  details: string;
  body: string;
  dueOn: string;
  cardColor: string;
  subTitle: string;
  tags: string[];
  escalationText: string;
  repeat: TaskCard['repeat'];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-mm-dd of a due date, as the date field holds it. */
export const toDateInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** A due date is due by the end of that day. */
export const fromDateInput = (value: string) => (value ? new Date(`${value}T23:59:59`).toISOString() : null);

export interface CardDetailProps {
  card: TaskCard | null;
  board: TaskBoard;
  me: string;
  canDelete: boolean;
  isActive: boolean;
  onClose: () => void;
  onSave: (fields: Partial<TaskCardFields>) => Promise<boolean>;
  onMove: (laneId: string) => void;
  onAssign: (userId: string | null) => void;
  onDelete: () => void;
  onWork: () => void;
  onSetAside: () => void;
  onDone: () => void;
}

/** Everything about a card, editable: title, details, body, due date, colour, subtitle, tags, escalation text, repeat. */
export function CardDetailDrawer({
  card,
  board,
  me,
  canDelete,
  isActive,
  onClose,
  onSave,
  onMove,
  onAssign,
  onDelete,
  onWork,
  onSetAside,
  onDone,
}: CardDetailProps) {
  const [form] = Form.useForm<DetailForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!card) return;
    form.setFieldsValue({
      title: card.title,
      details: card.details,
      body: card.body,
      dueOn: toDateInput(card.dueOn),
      cardColor: card.cardColor ?? '',
      subTitle: card.subTitle ?? '',
      tags: card.tags,
      escalationText: card.escalationText ?? '',
      repeat: card.repeat,
    });
  }, [card, form]);
  if (!card) return null;
  const lastLane = board.lanes[board.lanes.length - 1];
  const save = async (v: DetailForm) => {
    setSaving(true);
    try {
      await onSave({
        title: v.title.trim(),
        details: v.details,
        body: v.body,
        dueOn: fromDateInput(v.dueOn),
        cardColor: v.cardColor.trim() ? normalizeHex(v.cardColor) : null,
        subTitle: v.subTitle.trim() || null,
        tags: v.tags,
        escalationText: v.escalationText.trim() || null,
        repeat: v.repeat,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      title={card.title || 'Untitled card'}
      size={460}
      extra={isActive ? <Tag color="processing">Active task</Tag> : null}
      footer={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="primary" htmlType="submit" form="task-card-detail" loading={saving}>
            Save
          </Button>
          {isActive ? (
            <>
              {board.lanes.length > 1 && card.laneId !== lastLane.id && <Button onClick={onDone}>Done</Button>}
              <Button onClick={onSetAside}>Set Aside</Button>
            </>
          ) : (
            <Button onClick={onWork}>Work On This</Button>
          )}
          {canDelete && (
            <Button danger onClick={onDelete} style={{ marginLeft: 'auto' }}>
              Delete
            </Button>
          )}
        </div>
      }
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Board">{card.taskBoardName}</Descriptions.Item>
        <Descriptions.Item label="Client">
          {card.client ? <Link to={`/contacts/contact/${card.client.id}`}>{card.client.name}</Link> : 'None'}
        </Descriptions.Item>
        <Descriptions.Item label="Assigned to">{card.assignedTo ? fullName(card.assignedTo) : 'Nobody'}</Descriptions.Item>
        <Descriptions.Item label="Assigned on">{card.assignedOn ? formatDate(card.assignedOn) : '-'}</Descriptions.Item>
        <Descriptions.Item label="Due">{card.dueOn ? formatDate(card.dueOn) : '-'}</Descriptions.Item>
        <Descriptions.Item label="Created">{formatDate(card.createdAt)}</Descriptions.Item>
        {card.source === 'tag' && <Descriptions.Item label="From">the board&apos;s tags</Descriptions.Item>}
      </Descriptions>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, marginBottom: 16 }}>
        <div>
          <label htmlFor="card-lane" style={{ display: 'block', marginBottom: 4 }}>
            Lane
          </label>
          <Select
            id="card-lane"
            style={{ width: '100%' }}
            value={card.laneId}
            onChange={onMove}
            options={board.lanes.map((l) => ({ value: l.id, label: l.label }))}
          />
        </div>
        <div>
          <label htmlFor="card-assignee" style={{ display: 'block', marginBottom: 4 }}>
            Assign to
          </label>
          <Select
            id="card-assignee"
            style={{ width: '100%' }}
            allowClear
            placeholder="Nobody"
            value={card.assignedTo?.id}
            onChange={(v) => onAssign(v ?? null)}
            options={board.users.map((u) => ({ value: u.id, label: u.id === me ? `${fullName(u)} (me)` : fullName(u) }))}
          />
        </div>
      </div>
      <Form id="task-card-detail" form={form} layout="vertical" onFinish={save}>
        <Form.Item name="title" label="Title">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="subTitle" label="Subtitle">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="details" label="Details">
          <Input.TextArea rows={2} maxLength={5000} />
        </Form.Item>
        <Form.Item name="body" label="Body">
          <Input.TextArea rows={4} maxLength={20000} />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item name="dueOn" label="Due date">
            <Input type="date" />
          </Form.Item>
          <Form.Item name="repeat" label="Repeats">
            <Select options={TASK_CARD_REPEATS.map((r) => ({ value: r, label: r === 'none' ? 'Does not repeat' : r[0].toUpperCase() + r.slice(1) }))} />
          </Form.Item>
        </div>
        <Form.Item
          name="cardColor"
          label="Colour"
          rules={[{ validator: (_r, v: string) => (!v || isHexColor(v) ? Promise.resolve() : Promise.reject(new Error(HEX_COLOR_MESSAGE))) }]}
        >
          <Input
            maxLength={7}
            prefix={<span style={{ width: 14, height: 14, borderRadius: 3, background: card.cardColor ?? 'transparent', display: 'inline-block' }} />}
          />
        </Form.Item>
        <Form.Item name="tags" label="Tags">
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="escalationText" label="Escalation text">
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
