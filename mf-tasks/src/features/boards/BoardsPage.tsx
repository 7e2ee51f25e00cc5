import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { List, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Spin, Tooltip, Typography } from 'antd';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { bus } from '@agency/bus';
import { errorMessage, taskBoardsApi } from '@agency/api-client';
import { isAdminRole, TASKBOARD_MESSAGES, type TaskBoard } from '@agency/contracts';
import { useObservable, useWidth } from '@agency/ui';
import { ActiveTaskBar } from '../active/ActiveTaskBar';
import { useActiveTask } from '../active/useActiveTask';
import { BoardSummaryCard, SUMMARY_HEIGHT } from './BoardSummaryCard';
import { activeBoard, visibleBoards } from './summary';

const MIN_CARD_WIDTH = 300;
const GAP = 16;

interface RowProps {
  rows: TaskBoard[][];
  onOpen: (b: TaskBoard) => void;
}
function BoardRow({ index, style, ariaAttributes, rows, onOpen }: RowComponentProps<RowProps>) {
  return (
    <div {...ariaAttributes} style={{ ...style, display: 'grid', gridTemplateColumns: `repeat(${rows[0]?.length ?? 1}, 1fr)`, gap: GAP, paddingBottom: GAP }}>
      {rows[index].map((b) => (
        <BoardSummaryCard key={b.id} board={b} onOpen={() => onOpen(b)} />
      ))}
    </div>
  );
}

/** /tasks — one card per board: progress, completion, alerts; opens the active board when there is one. */
export function BoardsPage() {
  const navigate = useNavigate();
  const session = useObservable(bus.session$);
  const [boards, setBoards] = useState<TaskBoard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [showCompleted, setShowCompleted] = useState(false);
  const { ref, width: measured } = useWidth();
  // Before it is laid out (and in tests), the cards take the room of a wide page.
  const width = measured ?? 1200;
  const active = useActiveTask();
  const remembered = activeBoard.get();

  const load = useCallback(async (refresh = false) => {
    setLoading(true);
    try {
      setBoards(await taskBoardsApi.list(refresh));
      setError(null);
    } catch (err) {
      setError(`${TASKBOARD_MESSAGES.loadFailed}: ${errorMessage(err)}`);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (!remembered) void load();
  }, [load, remembered]);

  if (remembered) return <Navigate to={`/tasks/${remembered}`} replace />;

  const shown = boards ? visibleBoards(boards, showCompleted) : [];
  const cols = Math.max(1, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP)));
  const rows: TaskBoard[][] = [];
  for (let i = 0; i < shown.length; i += cols) rows.push(shown.slice(i, i + cols));
  const hidden = (boards?.length ?? 0) - shown.length;
  const listHeight = Math.min(rows.length * (SUMMARY_HEIGHT + GAP), Math.max(360, window.innerHeight - 220));

  return (
    <div ref={ref}>
      {/* on a narrow screen the buttons go under the title */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: '1 0 auto' }}>
          Task Boards
        </Typography.Title>
        <Button onClick={() => setShowCompleted((v) => !v)}>{showCompleted ? 'Hide Completed' : 'Show Completed'}</Button>
        <Tooltip title="Refresh">
          <Button icon={<ReloadOutlined />} aria-label="Refresh task boards" loading={loading} onClick={() => void load(true)} />
        </Tooltip>
        {isAdminRole(session?.user.role) && (
          <Button icon={<SettingOutlined />} onClick={() => navigate('/admin/tasks')}>
            Manage Boards
          </Button>
        )}
      </div>
      <ActiveTaskBar card={active} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {!boards && !error && <Spin size="large" style={{ display: 'block', margin: '80px auto' }} aria-label="Loading task boards" />}
      {boards && shown.length === 0 && (
        <Empty
          description={
            boards.length === 0
              ? isAdminRole(session?.user.role)
                ? 'No task boards yet. Create one under Manage Boards.'
                : 'No task boards yet. An admin can create one.'
              : `All ${hidden} board${hidden === 1 ? ' is' : 's are'} completed.`
          }
        />
      )}
      {rows.length > 0 && (
        <List
          aria-label="Task boards"
          rowComponent={BoardRow}
          rowCount={rows.length}
          rowHeight={SUMMARY_HEIGHT + GAP}
          rowProps={{ rows, onOpen: (b: TaskBoard) => navigate(`/tasks/${b.id}`) }}
          style={{ height: listHeight }}
          defaultHeight={listHeight}
        />
      )}
      {hidden > 0 && !showCompleted && shown.length > 0 && (
        <Typography.Text type="secondary">
          {hidden} completed board{hidden === 1 ? '' : 's'} hidden.
        </Typography.Text>
      )}
    </div>
  );
}
