import { Card, Progress, Tag, Typography, theme } from 'antd';
import AlertOutlined from '@ant-design/icons/es/icons/AlertOutlined';
import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import type { TaskBoard } from '@agency/contracts';
import { isCompleted, percentOf } from './summary';

export const SUMMARY_HEIGHT = 188;

/** A board on /tasks: name, description, progress and completion, alert and completed states. */
export function BoardSummaryCard({ board, onOpen }: { board: TaskBoard; onOpen: () => void }) {
  const { token } = theme.useToken();
  const progress = percentOf(board.progress, board.total);
  const completed = percentOf(board.completed, board.total);
  const done = isCompleted(board);
  return (
    <Card
      hoverable
      data-testid="board-summary"
      onClick={onOpen}
      style={{
        height: SUMMARY_HEIGHT,
        borderColor: board.monitorAlert ? token.colorError : done ? token.colorSuccess : undefined,
        borderWidth: board.monitorAlert || done ? 2 : 1,
      }}
      styles={{ body: { padding: 16, height: '100%', display: 'flex', flexDirection: 'column', gap: 6 } }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {/* the board's name is the link (named by what it shows); the rest of the card opens it by pointer too */}
        <Typography.Text
          strong
          ellipsis
          role="link"
          tabIndex={0}
          aria-label={`Open ${board.boardname}`}
          onKeyDown={(e) => e.key === 'Enter' && onOpen()}
          style={{ fontSize: 16, flex: 1 }}
        >
          {board.boardname}
        </Typography.Text>
        {board.monitor && <EyeOutlined aria-label="Monitored" title="Monitored for past due cards" style={{ color: token.colorTextSecondary }} />}
        {board.monitorAlert && (
          <Tag color="error" icon={<AlertOutlined />} style={{ marginInlineEnd: 0 }}>
            Alert
          </Tag>
        )}
        {done && (
          <Tag color="success" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
            Completed
          </Tag>
        )}
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
        {board.description || 'No description'}
      </Typography.Paragraph>
      <Progress percent={progress} success={{ percent: completed }} size="small" aria-label={`${progress}% in progress, ${completed}% completed`} />
      <div style={{ display: 'flex', gap: 12, fontSize: 12, color: token.colorTextSecondary, marginTop: 'auto' }}>
        <span>
          {board.total} card{board.total === 1 ? '' : 's'}
        </span>
        <span>{progress}% progress</span>
        <span>{completed}% completed</span>
        {board.assigned > 0 && <span>{board.assigned} mine</span>}
        {board.pastDue > 0 && <span style={{ color: token.colorErrorText }}>{board.pastDue} past due</span>}
      </div>
    </Card>
  );
}
