import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Result, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { bus } from '@agency/bus';
import { errorMessage, FORBIDDEN_MESSAGE, taskBoardsApi } from '@agency/api-client';
import { isAdminRole, TASKBOARD_MESSAGES, type TaskBoard, type TaskBoardInput, type TaskBoardTag, type TaskUser } from '@agency/contracts';
import { confirmAction, fullName, toast, useObservable } from '@agency/ui';
import { BoardFormDialog } from './BoardFormDialog';
import { loadTags, loadUsers } from './options';

const ROW_HEIGHT = 72;

interface RowProps {
  boards: TaskBoard[];
  onEdit: (b: TaskBoard) => void;
  onDelete: (b: TaskBoard) => void;
  onOpen: (b: TaskBoard) => void;
}

function AdminRow({ index, style, ariaAttributes, boards, onEdit, onDelete, onOpen }: RowComponentProps<RowProps>) {
  const { token } = theme.useToken();
  const b = boards[index];
  const who = b.allowedUsers.length ? b.users.map(fullName).join(', ') : 'Everyone';
  return (
    <div
      {...ariaAttributes}
      style={{ ...style, display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      data-testid="admin-board-row"
    >
      <div style={{ flex: 2, minWidth: 0 }}>
        <Typography.Link
          strong
          href={`/tasks/${b.id}`}
          onClick={(e) => {
            e.preventDefault();
            onOpen(b);
          }}
          ellipsis
        >
          {b.boardname}
        </Typography.Link>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {b.lanes.map((l) => l.label).join(' → ')}
        </Typography.Text>
      </div>
      <Typography.Text ellipsis style={{ flex: 1.5, minWidth: 0 }} title={who}>
        {who}
      </Typography.Text>
      <div style={{ flex: 1.5, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        {b.assignedTag.length ? b.assignedTag.map((t) => <Tag key={t.id}>{t.name}</Tag>) : <Typography.Text type="secondary">No tags</Typography.Text>}
      </div>
      <div style={{ width: 90 }}>{b.monitor ? <Tag color={b.monitorAlert ? 'error' : 'blue'}>{b.monitorAlert ? 'Alert' : 'Monitored'}</Tag> : null}</div>
      <Typography.Text style={{ width: 70, textAlign: 'right' }}>{b.total} cards</Typography.Text>
      <Tooltip title="Edit">
        <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${b.boardname}`} onClick={() => onEdit(b)} />
      </Tooltip>
      <Tooltip title="Delete">
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${b.boardname}`} onClick={() => onDelete(b)} />
      </Tooltip>
    </div>
  );
}

/** /admin/tasks — create, edit and delete boards (admin roles; the server refuses everyone else). */
export function AdminBoardsPage() {
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const [boards, setBoards] = useState<TaskBoard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [users, setUsers] = useState<TaskUser[]>([]);
  const [tags, setTags] = useState<TaskBoardTag[]>([]);
  const [tagsError, setTagsError] = useState<string | null>(null);
  const [editing, setEditing] = useState<TaskBoard | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const admin = isAdminRole(session?.user.role);

  const load = useCallback(async (refresh = false) => {
    try {
      const list = await taskBoardsApi.list(refresh);
      setBoards([...list].sort((a, b) => a.boardname.localeCompare(b.boardname, undefined, { sensitivity: 'base' })));
      setError(null);
      return list;
    } catch (err) {
      setError(`${TASKBOARD_MESSAGES.loadFailed}: ${errorMessage(err)}`);
      return [];
    }
  }, []);
  useEffect(() => {
    if (!admin) return;
    void load();
    void loadUsers().then((u) => {
      setUsers(u.users);
      if (u.error) toast({ kind: 'error', message: u.error });
    });
  }, [admin, load]);

  if (!admin) return <Result status="403" title={FORBIDDEN_MESSAGE} extra={<Button onClick={() => navigate('/tasks')}>Back to Task Boards</Button>} />;

  const openForm = async (board: TaskBoard | null) => {
    setEditing(board);
    setFormOpen(true);
    const t = await loadTags();
    setTags(t.tags);
    setTagsError(t.error);
  };
  const submit = async (input: TaskBoardInput) => {
    try {
      if (editing) await taskBoardsApi.update(editing.id, input);
      else await taskBoardsApi.create(input);
      toast({ kind: 'success', message: editing ? `${input.boardname} updated` : `${input.boardname} created` });
      await load();
      return true;
    } catch (err) {
      toast({ kind: 'error', message: `Unable to save task board: ${errorMessage(err)}` });
      return false;
    }
  };
  const remove = async (b: TaskBoard) => {
    if (!(await confirmAction(`Delete the ${b.boardname} board and its ${b.total} card${b.total === 1 ? '' : 's'}?`))) return;
    try {
      await taskBoardsApi.remove(b.id);
      toast({ kind: 'success', message: `${b.boardname} deleted` });
      await load();
    } catch (err) {
      toast({ kind: 'error', message: `Unable to delete task board: ${errorMessage(err)}` });
    }
  };

  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          Task Board Administration
        </Typography.Title>
        <Tooltip title="Refresh">
          <Button icon={<ReloadOutlined />} aria-label="Refresh task boards" onClick={() => void load(true)} />
        </Tooltip>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void openForm(null)}>
          New Board
        </Button>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {!boards && !error && <Spin size="large" style={{ display: 'block', margin: '80px auto' }} aria-label="Loading task boards" />}
      {boards && boards.length === 0 && <Empty description="No task boards yet. Create the first one with New Board." />}
      {boards && boards.length > 0 && (
        <div aria-hidden="true" style={{ display: 'flex', gap: 12, padding: '0 12px 8px', fontWeight: 600 }}>
          <span style={{ flex: 2 }}>Board and lanes</span>
          <span style={{ flex: 1.5 }}>Allowed users</span>
          <span style={{ flex: 1.5 }}>Assigned tags</span>
          <span style={{ width: 90 }}>Monitor</span>
          <span style={{ width: 70, textAlign: 'right' }}>Cards</span>
          <span style={{ width: 80 }} />
        </div>
      )}
      {boards && boards.length > 0 && (
        <List
          aria-label="Task boards"
          rowComponent={AdminRow}
          rowCount={boards.length}
          rowHeight={ROW_HEIGHT}
          rowProps={{
            boards,
            onEdit: (b: TaskBoard) => void openForm(b),
            onDelete: (b: TaskBoard) => void remove(b),
            onOpen: (b: TaskBoard) => navigate(`/tasks/${b.id}`),
          }}
          style={{ height: Math.min(boards.length * ROW_HEIGHT, Math.max(360, window.innerHeight - 220)) }}
          defaultHeight={Math.min(boards.length * ROW_HEIGHT, Math.max(360, window.innerHeight - 220))}
        />
      )}
      <BoardFormDialog open={formOpen} board={editing} users={users} tags={tags} tagsError={tagsError} onClose={() => setFormOpen(false)} onSubmit={submit} />
    </div>
  );
}
