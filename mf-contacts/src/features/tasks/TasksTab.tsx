import { Link } from 'react-router-dom';
import { Alert, Empty, Spin, Tag, Typography } from 'antd';
import { useContact } from '../detail/ContactContext';
import { useClientTaskBoards } from './useClientTaskBoards';
import { formatDate, fullName } from '@agency/ui';

/** The contact's Tasks tab: each open card with its board, lane, due date and assignee. */
export function TasksTab() {
  const { id, full } = useContact();
  const { entries, error } = useClientTaskBoards(id, full.tags);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!entries) return <Spin aria-label="Loading tasks" />;
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tasks for this contact" />;
  return (
    <ul aria-label="Tasks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map(({ card, taskBoard, taskBoardLane }) => {
        const late = !!card.dueOn && new Date(card.dueOn).getTime() < Date.now();
        return (
          <li key={card.id} data-testid="contact-task" style={{ padding: '8px 0', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
            <Link to={`/tasks/${taskBoard.id}?card=${card.id}`}>{card.title || 'Untitled card'}</Link>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 4, alignItems: 'center' }}>
              <Typography.Text type="secondary">{taskBoard.boardname}</Typography.Text>
              <Tag style={{ marginInlineEnd: 0 }}>{taskBoardLane.label}</Tag>
              {card.dueOn && (
                <Tag color={late ? 'error' : 'default'} style={{ marginInlineEnd: 0 }}>
                  Due {formatDate(card.dueOn)}
                </Tag>
              )}
              <Typography.Text type="secondary">{card.assignedTo ? fullName(card.assignedTo) : 'Unassigned'}</Typography.Text>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
