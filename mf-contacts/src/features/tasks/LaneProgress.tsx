import { Link } from 'react-router-dom';
import { Alert, Steps, Typography } from 'antd';
import { useContact } from '../detail/ContactContext';
import { useClientTaskBoards } from './useClientTaskBoards';

/** Where the contact stands on each task board: the board's lanes with the card's lane current. */
export function LaneProgress() {
  const { id, full } = useContact();
  const { entries, error } = useClientTaskBoards(id, full.tags);
  return (
    <section aria-label="Task Board Progress">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Task Boards
      </Typography.Title>
      {error && <Alert type="error" showIcon title={error} />}
      {entries && entries.length === 0 && <Typography.Text type="secondary">Not on any task board</Typography.Text>}
      {entries?.map((e) => (
        <div key={e.card.id} style={{ marginBottom: 12 }} data-testid="lane-progress">
          <Link to={`/tasks/${e.taskBoard.id}?card=${e.card.id}`}>{e.taskBoard.boardname}</Link>
          <Steps
            size="small"
            style={{ marginTop: 6 }}
            current={Math.max(
              0,
              e.lanes.findIndex((l) => l.id === e.taskBoardLane.id),
            )}
            items={e.lanes.map((l) => ({ title: l.label }))}
          />
        </div>
      ))}
    </section>
  );
}
