import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import type { ChatRoom, ChatRoomFormat, ChatUser } from '@agency/contracts';
import { CHAT_LIMITS } from '@agency/contracts';
import { fullName } from '@agency/ui';
import { errorMessage } from '@agency/api-client';

interface Option {
  id: string;
  firstName: string;
  lastName: string;
}
const toOptions = (users: Option[]) => users.map((u) => ({ value: u.id, label: fullName(u) }));

/** A dialog whose body is one form: Enter submits it, Esc closes it. */
function FormDialog({
  title,
  open,
  onClose,
  submitLabel,
  canSubmit,
  onSubmit,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => Promise<void>;
  children: React.ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const submit = async () => {
    if (!canSubmit || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} destroyOnHidden keyboard>
      <Form layout="vertical" onFinish={submit}>
        {children}
        {error && (
          <div role="alert" style={{ color: '#ff4d4f', marginBottom: 12 }}>
            {error}
          </div>
        )}
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={!canSubmit} loading={busy}>
            {submitLabel}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}

export function CreateRoomDialog({
  open,
  onClose,
  users,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  users: Option[];
  onCreate: (format: ChatRoomFormat, userIds: string[], title: string) => Promise<void>;
}) {
  const [format, setFormat] = useState<ChatRoomFormat>('group');
  const [picked, setPicked] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  useEffect(() => {
    if (open) {
      setFormat('group');
      setPicked([]);
      setTitle('');
    }
  }, [open]);
  return (
    <FormDialog
      title="Create Room"
      open={open}
      onClose={onClose}
      submitLabel="Create"
      canSubmit={picked.length > 0}
      onSubmit={() => onCreate(format, picked, title)}
    >
      <Form.Item label="Room type" htmlFor="chat-room-format">
        <Radio.Group
          id="chat-room-format"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value);
            setPicked((p) => (e.target.value === 'direct' ? p.slice(0, 1) : p));
          }}
          options={[
            { value: 'group', label: 'Group' },
            { value: 'direct', label: 'Direct' },
          ]}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label={format === 'direct' ? 'User' : 'Users'} htmlFor="chat-room-users" required>
        <Select
          id="chat-room-users"
          mode={format === 'group' ? 'multiple' : undefined}
          value={format === 'group' ? picked : picked[0]}
          onChange={(v: string | string[] | undefined) => setPicked(Array.isArray(v) ? v : v ? [v] : [])}
          options={toOptions(users)}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Pick at least one user"
          allowClear
        />
      </Form.Item>
      {format === 'group' && (
        <Form.Item label="Title" htmlFor="chat-room-title">
          <Input id="chat-room-title" value={title} maxLength={CHAT_LIMITS.titleMax} onChange={(e) => setTitle(e.target.value)} placeholder="Optional" />
        </Form.Item>
      )}
    </FormDialog>
  );
}

export function AddUsersDialog({
  room,
  users,
  onClose,
  onAdd,
}: {
  room: ChatRoom | null;
  users: Option[];
  onClose: () => void;
  onAdd: (ids: string[]) => Promise<void>;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => setPicked([]), [room?.id]);
  const candidates = users.filter((u) => !room?.users.some((m) => m.id === u.id));
  return (
    <FormDialog title="Add Users" open={!!room} onClose={onClose} submitLabel="Submit" canSubmit={picked.length > 0} onSubmit={() => onAdd(picked)}>
      <Form.Item label="Users" htmlFor="chat-add-users" required>
        <Select
          id="chat-add-users"
          mode="multiple"
          value={picked}
          onChange={setPicked}
          options={toOptions(candidates)}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </FormDialog>
  );
}

export function RemoveUserDialog({
  room,
  me,
  onClose,
  onRemove,
}: {
  room: ChatRoom | null;
  me: string;
  onClose: () => void;
  onRemove: (id: string) => Promise<void>;
}) {
  const [picked, setPicked] = useState<string | undefined>();
  useEffect(() => setPicked(undefined), [room?.id]);
  const members: ChatUser[] = room?.users.filter((u) => u.id !== me) ?? [];
  return (
    <FormDialog title="Remove a User" open={!!room} onClose={onClose} submitLabel="Remove" canSubmit={!!picked} onSubmit={() => onRemove(picked!)}>
      <Form.Item label="User" htmlFor="chat-remove-user" required>
        <Select id="chat-remove-user" value={picked} onChange={setPicked} options={toOptions(members)} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </FormDialog>
  );
}

export function ChangeTitleDialog({ room, onClose, onSave }: { room: ChatRoom | null; onClose: () => void; onSave: (title: string) => Promise<void> }) {
  const [title, setTitle] = useState('');
  useEffect(() => setTitle(room?.title ?? ''), [room]);
  return (
    <FormDialog
      title="Change Title"
      open={!!room}
      onClose={onClose}
      submitLabel="Save"
      canSubmit={title.trim().length > 0}
      onSubmit={() => onSave(title.trim())}
    >
      <Form.Item label="Title" htmlFor="chat-room-rename" required>
        <Input id="chat-room-rename" value={title} maxLength={CHAT_LIMITS.titleMax} onChange={(e) => setTitle(e.target.value)} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
