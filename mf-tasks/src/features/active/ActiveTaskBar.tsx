import { useNavigate } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { bus } from '@agency/bus';
import { errorMessage, taskBoardsApi } from '@agency/api-client';
import type { TaskBoardAck, TaskCard } from '@agency/contracts';
import { formatDate, toast } from '@agency/ui';

/** The task the user works on now, with Open, Done and Set Aside: in the task board screens, and floating on every other page (ActiveTaskFollow). */
export function ActiveTaskBar({ card, floating = false }: { card: TaskCard | null; floating?: boolean }) {
  const navigate = useNavigate();
  if (!card) return null;
  const done = async () => {
    try {
      const lanes = await taskBoardsApi.lanes(card.taskBoardId);
      const last = lanes[lanes.length - 1];
      if (!last || lanes.length < 2) return void (await taskBoardsApi.setAside());
      bus.emit(
        'taskBoard_updateCard',
        { boardId: card.taskBoardId, event: { type: 'MOVE_CARD', cardId: card.id, fromLaneId: card.laneId, toLaneId: last.id, index: 0 } },
        (res: TaskBoardAck) => !res.ok && toast({ kind: 'error', message: res.message }),
      );
    } catch (err) {
      toast({ kind: 'error', message: errorMessage(err) });
    }
  };
  const setAside = () => taskBoardsApi.setAside().catch((err) => toast({ kind: 'error', message: errorMessage(err) }));
  return (
    <Alert
      type="info"
      showIcon
      style={floating ? { boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' } : { marginBottom: 12 }}
      title={`Active task: ${card.title || 'Untitled card'}`}
      description={[card.taskBoardName, card.client?.name, card.dueOn ? `due ${formatDate(card.dueOn)}` : null].filter(Boolean).join(' · ')}
      action={
        <div style={{ display: 'flex', gap: 8 }}>
          <Button size="small" onClick={() => navigate(`/tasks/${card.taskBoardId}?card=${card.id}`)}>
            Open
          </Button>
          <Button size="small" type="primary" onClick={() => void done()}>
            Done
          </Button>
          <Button size="small" onClick={() => void setAside()}>
            Set Aside
          </Button>
        </div>
      }
    />
  );
}
