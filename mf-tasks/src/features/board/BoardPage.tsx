import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { Alert, Button, Input, Progress, Result, Segmented, Spin, Tag, Tooltip, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { bus } from '@agency/bus';
import { errorMessage, taskBoardsApi } from '@agency/api-client';
import { isAdminRole, TASKBOARD_MESSAGES, type TaskCard, type TaskCardFields } from '@agency/contracts';
import { confirmAction, toast, useObservable } from '@agency/ui';
import { activeBoard, percentOf } from '../boards/summary';
import { AddCardDialog, type NewCard } from './AddCardDialog';
import { CardDetailDrawer } from './CardDetailDrawer';
import type { CardActions, DragItem } from './CardItem';
import { Lane } from './Lane';
import { findCard, type CardFilter } from './laneModel';
import { ActiveTaskBar } from '../active/ActiveTaskBar';
import { useActiveTask } from '../active/useActiveTask';
import { useBoard } from './useBoard';

function useLaneHeight() {
  const calc = () => Math.max(320, window.innerHeight - 250);
  const [h, setH] = useState(calc);
  useEffect(() => {
    const on = () => setH(calc());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

/** /tasks/:id — the board's lanes with draggable cards, live for everyone on it. */
export function BoardPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useObservable(bus.session$);
  const me = session?.user.id ?? '';
  const admin = isAdminRole(session?.user.role);
  const [search, setSearch] = useState('');
  const [assigned, setAssigned] = useState<CardFilter['assignedTo']>('all');
  const filter = useMemo<CardFilter>(() => ({ search, assignedTo: assigned, userId: me }), [search, assigned, me]);
  const { state, error, loadLane, reload, send } = useBoard(id, filter);
  const active = useActiveTask();
  const [adding, setAdding] = useState(false);
  const laneHeight = useLaneHeight();
  const openCardId = params.get('card');

  useEffect(() => activeBoard.set(id), [id]);
  useEffect(() => {
    if (state?.deleted) {
      activeBoard.set(null);
      toast({ kind: 'warning', message: `The ${state.board.boardname} board was deleted.` });
      navigate('/tasks', { replace: true });
    }
  }, [state?.deleted, state?.board.boardname, navigate]);

  const board = state?.board;
  const tagged = (board?.assignedTag.length ?? 0) > 0;
  const openCard = useCallback(
    (card: TaskCard | null) => {
      const next = new URLSearchParams(params);
      if (card) next.set('card', card.id);
      else next.delete('card');
      setParams(next);
    },
    [params, setParams],
  );
  const deleteCard = useCallback(
    async (card: TaskCard) => {
      if (!(await confirmAction(`Delete the card ${card.title || 'Untitled card'}?`))) return;
      const res = await send({ type: 'DELETE_CARD', cardId: card.id, laneId: card.laneId });
      if (res.ok && openCardId === card.id) openCard(null);
    },
    [send, openCardId, openCard],
  );

  const actions = useMemo<CardActions>(
    () => ({
      me,
      canDelete: (card) => !tagged && (admin || card.createdBy === me || card.assignedTo?.id === me),
      onOpen: (card) => openCard(card),
      onAssign: (card, userId) => void send({ type: 'UPDATE_CARD', cardId: card.id, card: { assignedTo: userId } }),
      onDelete: (card) => void deleteCard(card),
      onDrop: (item: DragItem, toLaneId: string, dropIndex: number) => {
        // the index the server wants leaves the card itself out
        const index = item.fromLaneId === toLaneId && item.index < dropIndex ? dropIndex - 1 : dropIndex;
        if (item.fromLaneId === toLaneId && index === item.index) return;
        void send({ type: 'MOVE_CARD', cardId: item.cardId, fromLaneId: item.fromLaneId, toLaneId, index });
      },
    }),
    [me, tagged, admin, openCard, send, deleteCard],
  );

  if (error) {
    return (
      <Result
        status="warning"
        title={error}
        extra={[
          <Button key="back" onClick={() => (activeBoard.set(null), navigate('/tasks'))}>
            Back to Task Boards
          </Button>,
          <Button key="retry" type="primary" onClick={() => void reload()}>
            Retry
          </Button>,
        ]}
      />
    );
  }
  if (!state || !board) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} aria-label="Loading board" />;

  const detailCard = openCardId ? (findCard(state, openCardId) ?? (active?.id === openCardId ? active : null)) : null;
  const firstLane = board.lanes[0];
  const addCard = async (c: NewCard) => {
    const res = await send({ type: 'ADD_CARD', laneId: firstLane.id, card: { title: c.title, details: c.details, clientId: c.clientId } });
    return res.ok;
  };
  const clearLane = async (laneId: string, label: string) => {
    if (!(await confirmAction(TASKBOARD_MESSAGES.clearLane(label)))) return;
    try {
      const { cleared } = await taskBoardsApi.clearLane(board.id, laneId);
      toast({ kind: 'success', message: `Cleared ${cleared} card${cleared === 1 ? '' : 's'} from ${label}.` });
    } catch (err) {
      toast({ kind: 'error', message: errorMessage(err) });
    }
  };
  const save = async (fields: Partial<TaskCardFields>) => {
    if (!detailCard) return false;
    const res = await send({ type: 'UPDATE_CARD', cardId: detailCard.id, card: fields });
    if (res.ok) toast({ kind: 'success', message: 'Card saved' });
    return res.ok;
  };
  const setActive = async (cardId: string | null) => {
    try {
      if (cardId) await taskBoardsApi.setActive(cardId);
      else await taskBoardsApi.setAside();
    } catch (err) {
      toast({ kind: 'error', message: errorMessage(err) });
    }
  };

  return (
    <DndProvider backend={HTML5Backend}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12, flexWrap: 'wrap' }}>
        <Tooltip title="Back to task boards">
          <Button icon={<ArrowLeftOutlined />} aria-label="Back to task boards" onClick={() => (activeBoard.set(null), navigate('/tasks'))} />
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {board.boardname}
          </Typography.Title>
          {board.description && <Typography.Text type="secondary">{board.description}</Typography.Text>}
        </div>
        {board.monitorAlert && <Tag color="error">Past due cards</Tag>}
        {tagged && <Tag color="blue">Filled from tags: {board.assignedTag.map((t) => t.name).join(', ')}</Tag>}
        <div style={{ width: 180 }}>
          <Progress
            aria-label="Board progress"
            percent={percentOf(board.progress, board.total)}
            success={{ percent: percentOf(board.completed, board.total) }}
            size="small"
          />
        </div>
        <div style={{ marginLeft: 'auto', display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <label htmlFor="board-search" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            Search cards
          </label>
          <Input.Search id="board-search" allowClear placeholder="Search cards" style={{ width: 200 }} onSearch={setSearch} />
          <Segmented
            aria-label="Show cards assigned to"
            value={assigned}
            onChange={(v) => setAssigned(v as CardFilter['assignedTo'])}
            options={[
              { value: 'all', label: 'All' },
              { value: 'me', label: 'Mine' },
              { value: 'none', label: 'Unassigned' },
            ]}
          />
          <Tooltip title="Refresh">
            <Button icon={<ReloadOutlined />} aria-label="Refresh board" onClick={() => void reload()} />
          </Tooltip>
        </div>
      </div>
      <ActiveTaskBar card={active} />
      {board.lanes.length === 0 && <Alert type="info" title="This board has no lanes yet." />}
      <div style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
        {board.lanes.map((lane, i) => (
          <Lane
            key={lane.id}
            lane={lane}
            state={state.lanes[lane.id]}
            height={laneHeight}
            canAdd={i === 0 && !tagged}
            canClear={admin}
            actions={actions}
            onLoadMore={() => void loadLane(lane.id)}
            onAdd={() => setAdding(true)}
            onClear={() => void clearLane(lane.id, lane.label)}
          />
        ))}
      </div>
      <AddCardDialog open={adding} laneLabel={firstLane?.label ?? ''} onClose={() => setAdding(false)} onSubmit={addCard} />
      <CardDetailDrawer
        card={detailCard}
        board={board}
        me={me}
        canDelete={!!detailCard && actions.canDelete(detailCard)}
        isActive={!!detailCard && active?.id === detailCard.id}
        onClose={() => openCard(null)}
        onSave={save}
        onMove={(laneId) => detailCard && void send({ type: 'MOVE_CARD', cardId: detailCard.id, fromLaneId: detailCard.laneId, toLaneId: laneId, index: 0 })}
        onAssign={(userId) => detailCard && void send({ type: 'UPDATE_CARD', cardId: detailCard.id, card: { assignedTo: userId } })}
        onDelete={() => detailCard && void deleteCard(detailCard)}
        onWork={() => detailCard && void setActive(detailCard.id)}
        onSetAside={() => void setActive(null)}
        onDone={() =>
          detailCard &&
          void send({ type: 'MOVE_CARD', cardId: detailCard.id, fromLaneId: detailCard.laneId, toLaneId: board.lanes[board.lanes.length - 1].id, index: 0 })
        }
      />
    </DndProvider>
  );
}
