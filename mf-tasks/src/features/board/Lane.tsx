import { useRef } from 'react';
import { useDrop } from 'react-dnd';
import { List, type RowComponentProps } from 'react-window';
import { Alert, Button, Empty, Spin, Tooltip, Typography, theme } from 'antd';
import ClearOutlined from '@ant-design/icons/es/icons/ClearOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { TaskCard, TaskLane } from '@agency/contracts';
import { CARD_GAP, CARD_HEIGHT, CARD_TYPE, CardItem, type CardActions, type DragItem } from './CardItem';
import { laneTitle, type LaneState } from './laneModel';

export const LANE_WIDTH = 280;

interface RowProps {
  cards: TaskCard[];
  actions: CardActions;
}

function CardRow({ index, style, ariaAttributes, cards, actions }: RowComponentProps<RowProps>) {
  const card = cards[index];
  return card ? <CardItem card={card} index={index} style={style} listItem={ariaAttributes} actions={actions} /> : null;
}

export interface LaneProps {
  lane: TaskLane;
  state: LaneState;
  height: number;
  canAdd: boolean;
  canClear: boolean;
  actions: CardActions;
  onLoadMore: () => void;
  onAdd: () => void;
  onClear: () => void;
}

/** One lane: its title with the count, a virtual list of cards loaded as it scrolls, and a drop zone. */
export function Lane({ lane, state, height, canAdd, canClear, actions, onLoadMore, onAdd, onClear }: LaneProps) {
  const { token } = theme.useToken();
  const zone = useRef<HTMLDivElement>(null);
  const [{ over }, drop] = useDrop<DragItem, { handled: boolean } | undefined, { over: boolean }>(
    () => ({
      accept: CARD_TYPE,
      collect: (m) => ({ over: m.isOver({ shallow: false }) }),
      drop: (item: DragItem, monitor) => {
        if (monitor.didDrop()) return undefined; // a card took it
        actions.onDrop(item, lane.id, state.cards.length);
        return { handled: true };
      },
    }),
    [lane.id, state.cards.length, actions],
  );
  drop(zone);
  const title = laneTitle(lane.label, state);
  const listHeight = height - 56;

  return (
    <section
      aria-label={`${lane.label} lane`}
      data-testid="task-lane"
      data-lane-id={lane.id}
      style={{
        width: LANE_WIDTH,
        flex: `0 0 ${LANE_WIDTH}px`,
        height,
        display: 'flex',
        flexDirection: 'column',
        background: token.colorFillAlter,
        border: `1px solid ${over ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '8px 8px 8px 12px', minHeight: 48 }}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} data-testid="lane-title">
          {title}
        </Typography.Text>
        {canAdd && (
          <Tooltip title="Add card">
            <Button size="small" type="text" icon={<PlusOutlined />} aria-label="Add card" onClick={onAdd} />
          </Tooltip>
        )}
        {canClear && (
          <Tooltip title={`Clear the ${lane.label} lane`}>
            <Button size="small" type="text" icon={<ClearOutlined />} aria-label={`Clear the ${lane.label} lane`} onClick={onClear} />
          </Tooltip>
        )}
      </header>
      <div ref={zone} style={{ flex: 1, padding: '0 8px 8px', minHeight: 0 }}>
        {state.error && <Alert type="error" title={state.error} showIcon style={{ marginBottom: 8 }} />}
        {state.cards.length === 0 && state.end ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cards" style={{ marginTop: 24 }} />
        ) : (
          <List
            aria-label={`${lane.label} cards`}
            rowComponent={CardRow}
            rowCount={state.cards.length}
            rowHeight={CARD_HEIGHT + CARD_GAP}
            rowProps={{ cards: state.cards, actions }}
            rowKey={(i, p) => p.cards[i]?.id ?? i}
            overscanCount={4}
            style={{ height: listHeight }}
            defaultHeight={listHeight}
            onRowsRendered={(visible) => {
              if (!state.end && !state.loading && visible.stopIndex >= state.cards.length - 3) onLoadMore();
            }}
          />
        )}
        {state.loading && (
          <div style={{ textAlign: 'center', padding: 4 }}>
            <Spin size="small" aria-label="Loading cards" />
          </div>
        )}
      </div>
    </section>
  );
}
