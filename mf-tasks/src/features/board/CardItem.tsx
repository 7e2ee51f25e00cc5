import { useRef, type CSSProperties, type HTMLAttributes } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { Avatar, Button, Tag, Tooltip, Typography, theme } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import UserDeleteOutlined from '@ant-design/icons/es/icons/UserDeleteOutlined';
import type { TaskCard } from '@agency/contracts';
import { formatDate, fullName, initials } from '@agency/ui';

export const CARD_TYPE = 'task-card';
export const CARD_HEIGHT = 124;
export const CARD_GAP = 8;
/** Room kept at the foot of a card for its assign and delete buttons, which sit beside it. */
const CARD_BUTTONS_WIDTH = 56;

export interface DragItem {
  cardId: string;
  fromLaneId: string;
  index: number;
}

export interface CardActions {
  me: string;
  canDelete: (card: TaskCard) => boolean;
  onOpen: (card: TaskCard) => void;
  onAssign: (card: TaskCard, userId: string | null) => void;
  onDelete: (card: TaskCard) => void;
  onDrop: (item: DragItem, toLaneId: string, index: number) => void;
}

const isPastDue = (card: TaskCard) => !!card.dueOn && new Date(card.dueOn).getTime() < Date.now();

/**
 * A card on a lane, an item of the lane's list: drag it, open it with a click (or Enter on its title,
 * the card's control); its assign and delete buttons sit beside it over its corner; drop others on
 * it (above or below its middle).
 */
export function CardItem({
  card,
  index,
  style,
  listItem,
  actions,
}: {
  card: TaskCard;
  index: number;
  style?: CSSProperties;
  /** The list's attributes of this item (its role and position), from the lane's virtual list. */
  listItem?: HTMLAttributes<HTMLDivElement>;
  actions: CardActions;
}) {
  const { token } = theme.useToken();
  const slot = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLDivElement>(null);
  const [{ dragging }, drag] = useDrag(
    () => ({ type: CARD_TYPE, item: { cardId: card.id, fromLaneId: card.laneId, index } satisfies DragItem, collect: (m) => ({ dragging: m.isDragging() }) }),
    [card.id, card.laneId, index],
  );
  const [{ over }, drop] = useDrop<DragItem, { handled: boolean } | undefined, { over: boolean }>(
    () => ({
      accept: CARD_TYPE,
      collect: (m) => ({ over: m.isOver({ shallow: true }) }),
      drop: (item: DragItem, monitor) => {
        const rect = slot.current?.getBoundingClientRect();
        const y = monitor.getClientOffset()?.y ?? 0;
        const below = rect ? y > rect.top + rect.height / 2 : false;
        actions.onDrop(item, card.laneId, index + (below ? 1 : 0));
        return { handled: true };
      },
    }),
    [card.laneId, index, actions],
  );
  drag(ref);
  drop(slot);
  const mine = card.assignedTo?.id === actions.me;
  const late = isPastDue(card);

  return (
    <div ref={slot} {...listItem} style={{ position: 'relative', ...style, paddingBottom: CARD_GAP }}>
      <div
        ref={ref}
        data-testid="task-card"
        data-card-id={card.id}
        onClick={() => actions.onOpen(card)}
        style={{
          height: CARD_HEIGHT,
          boxSizing: 'border-box',
          padding: '8px 10px',
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
          border: `1px solid ${over ? token.colorPrimary : token.colorBorderSecondary}`,
          borderLeft: `4px solid ${card.cardColor || token.colorBorder}`,
          opacity: dragging ? 0.4 : 1,
          cursor: 'grab',
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {/* The card's title is its control (named by what it shows); the rest of the card opens it by pointer too. */}
          <Typography.Text
            strong
            ellipsis
            role="button"
            tabIndex={0}
            aria-label={`Open card ${card.title || 'Untitled card'}`}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                actions.onOpen(card);
              }
            }}
            style={{ flex: 1 }}
          >
            {card.title || 'Untitled card'}
          </Typography.Text>
          {card.subTitle && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 90, fontSize: 12 }}>
              {card.subTitle}
            </Typography.Text>
          )}
        </div>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {card.client && card.client.name !== card.title ? card.client.name : card.details || ' '}
        </Typography.Text>
        <div style={{ display: 'flex', gap: 4, overflow: 'hidden', minHeight: 22 }}>
          {card.dueOn && (
            <Tag color={late ? 'error' : 'default'} style={{ marginInlineEnd: 0 }}>
              Due {formatDate(card.dueOn)}
            </Tag>
          )}
          {card.tags.slice(0, 2).map((t) => (
            <Tag key={t} style={{ marginInlineEnd: 0, ...(card.tagStyle ?? {}) }}>
              {t}
            </Tag>
          ))}
          {card.repeat !== 'none' && <Tag style={{ marginInlineEnd: 0 }}>{card.repeat}</Tag>}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, marginTop: 'auto', paddingRight: CARD_BUTTONS_WIDTH }}>
          {card.assignedTo ? (
            <Tooltip title={`Assigned to ${fullName(card.assignedTo)}${card.assignedOn ? ` on ${formatDate(card.assignedOn)}` : ''}`}>
              <Avatar size="small" src={card.assignedTo.avatar ?? undefined} style={{ background: token.colorPrimary }}>
                {initials(card.assignedTo)}
              </Avatar>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Unassigned
            </Typography.Text>
          )}
          {card.escalationText && late && (
            <Typography.Text type="danger" ellipsis style={{ fontSize: 12, flex: 1 }}>
              {card.escalationText}
            </Typography.Text>
          )}
        </div>
      </div>
      <span style={{ position: 'absolute', right: 10, bottom: CARD_GAP + 8, display: 'flex' }}>
        {mine ? (
          <Button
            size="small"
            type="text"
            icon={<UserDeleteOutlined />}
            aria-label={`Unassign ${card.title || 'card'}`}
            onClick={() => actions.onAssign(card, null)}
          />
        ) : (
          <Button
            size="small"
            type="text"
            icon={<UserAddOutlined />}
            aria-label={`Assign ${card.title || 'card'} to me`}
            onClick={() => actions.onAssign(card, actions.me)}
          />
        )}
        {actions.canDelete(card) && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Delete ${card.title || 'card'}`}
            onClick={() => actions.onDelete(card)}
          />
        )}
      </span>
    </div>
  );
}
