import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Empty, Input, Spin, Tag, theme, Tooltip, Typography } from 'antd';
import { CloseOutlined, DragOutlined, SendOutlined } from '@ant-design/icons';
import { SMS_MESSAGES, type ClientLevel, type SmsMessage, type SmsRoom } from '@agency/contracts';
import { bus } from '@agency/bus';
import { formatDateTime, formatPhone, shortTimestamp } from '@agency/ui';

/** Pixels an arrow key moves the window by (from its handle). */
export const WINDOW_STEP = 24;
const WIDTH = 380;

interface Props {
  clientId: string;
  level: ClientLevel;
  /** The person's mobile number: the room is theirs (made when new). */
  phone: string;
  name: string;
  onClose: () => void;
}

/** Keeps a text list in time order, a text replaced by id (a status change). */
export function mergeText(list: SmsMessage[], m: SmsMessage): SmsMessage[] {
  const next = list.filter((x) => x.id !== m.id);
  next.push(m);
  return next.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const failure = (err: unknown) => (err instanceof Error && err.message ? err.message : SMS_MESSAGES.noRoom);

/**
 * The contact record's Messages window (spec 001 "Contact detail layout"): draggable and non-modal,
 * half the screen high (at least 250px), with the person's texts, read and sent. Esc closes it.
 */
export function MessagesWindow({ clientId, level, phone, name, onClose }: Props) {
  const { token } = theme.useToken();
  const [room, setRoom] = useState<SmsRoom | null>(null);
  const [texts, setTexts] = useState<SmsMessage[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [at, setAt] = useState(() => ({ x: Math.max(16, window.innerWidth - WIDTH - 32), y: Math.round(window.innerHeight / 4) }));
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const bottom = useRef<HTMLDivElement | null>(null);
  const roomId = room?.id ?? null;

  useEffect(() => {
    let live = true;
    bus
      .request('sms_create_room', { phoneNumber: phone, clientId })
      .then((made) => bus.request('sms_join_room', { roomId: made.id }))
      .then(
        (page) => {
          if (!live) return;
          setRoom(page.room);
          setTexts(page.messages);
          setMore(page.more);
        },
        (err: unknown) => live && setError(failure(err)),
      );
    return () => {
      live = false;
    };
  }, [clientId, phone]);

  useEffect(() => {
    if (!roomId) return;
    const sub = bus.on('sms_room_update').subscribe(({ room: changed, message }) => {
      if (changed.id !== roomId) return;
      setRoom(changed);
      setTexts((list) => mergeText(list, message));
    });
    return () => sub.unsubscribe();
  }, [roomId]);

  // The box takes focus once the room is open (it is disabled until then).
  useEffect(() => {
    if (roomId) input.current?.focus();
  }, [roomId]);
  // Braces: scrolling may answer a promise, and an effect may only return its cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [texts.length]);

  const send = useCallback(async () => {
    const message = draft.trim();
    if (!roomId || !message) return;
    setSending(true);
    setError(null);
    try {
      const sent = await bus.request('sms_send_message', { roomId, id: crypto.randomUUID(), message });
      setTexts((list) => mergeText(list, sent));
      setDraft('');
    } catch (err) {
      setError(failure(err));
    } finally {
      setSending(false);
    }
  }, [draft, roomId]);

  const older = async () => {
    if (!roomId || !texts.length) return;
    try {
      const page = await bus.request('sms_load_more_messages', { roomId, before: texts[0].createdAt });
      setTexts((list) => page.messages.reduce(mergeText, list));
      setMore(page.more);
    } catch (err) {
      setError(failure(err));
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };
  const onHandleKey = (e: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setAt((p) => ({ x: Math.max(0, p.x + move[0] * WINDOW_STEP), y: Math.max(0, p.y + move[1] * WINDOW_STEP) }));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - at.x, dy: e.clientY - at.y };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setAt({ x: Math.max(0, e.clientX - drag.current.dx), y: Math.max(0, e.clientY - drag.current.dy) });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const title = `Messages with ${name}`;
  return createPortal(
    <section
      role="dialog"
      aria-modal="false"
      aria-label={title}
      data-testid="messages-window"
      onKeyDown={onKeyDown}
      style={{
        position: 'fixed',
        left: at.x,
        top: at.y,
        width: WIDTH,
        height: '50vh',
        minHeight: 250,
        boxSizing: 'border-box',
        zIndex: 1000,
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px',
          cursor: 'move',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          touchAction: 'none',
        }}
      >
        <Tooltip title="Move with the arrow keys or drag">
          <Button size="small" type="text" icon={<DragOutlined />} aria-label="Move the Messages window" onKeyDown={onHandleKey} />
        </Tooltip>
        <Typography.Text strong style={{ flex: 1 }} ellipsis>
          {title}
        </Typography.Text>
        <Typography.Text type="secondary">{formatPhone(phone)}</Typography.Text>
        {room?.optedOut && <Tag color="error">Opted out</Tag>}
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label="Close the Messages window" onClick={onClose} />
      </div>
      <div role="log" aria-label="Texts" style={{ flex: 1, overflow: 'auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {!room && !error && <Spin style={{ margin: 'auto' }} />}
        {room && more && (
          <Button size="small" type="link" onClick={() => void older()}>
            Load older texts
          </Button>
        )}
        {room && !texts.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No texts yet" />}
        {texts.map((m) => {
          const mine = m.flow === 'outgoing';
          return (
            <div
              key={m.id}
              data-testid="window-text"
              style={{
                alignSelf: mine ? 'flex-end' : 'flex-start',
                maxWidth: '80%',
                padding: '6px 10px',
                borderRadius: token.borderRadiusLG,
                background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
              }}
            >
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {/* A text waiting for its time says when it goes, as the call's Messages tab does: not sent yet. */}
                {m.scheduleFor ? `${formatDateTime(m.scheduleFor)} · scheduled` : `${shortTimestamp(m.createdAt)}${mine ? ` · ${m.status}` : ''}`}
              </Typography.Text>
            </div>
          );
        })}
        <div ref={bottom} />
      </div>
      <div style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
        {room?.optedOut && <Alert type="warning" showIcon title={SMS_MESSAGES.optedOut} style={{ marginBottom: 8 }} />}
        <div style={{ display: 'flex', gap: 8 }}>
          <Input.TextArea
            ref={(el) => {
              input.current = el?.resizableTextArea?.textArea ?? null;
            }}
            aria-label={`Text to ${name}`}
            placeholder="Type a message"
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={1600}
            value={draft}
            disabled={!room || room.optedOut}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={(e) => {
              if (e.shiftKey) return;
              e.preventDefault();
              void send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!room || room.optedOut || !draft.trim()} onClick={() => void send()}>
            Send
          </Button>
        </div>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0, marginTop: 4 }}
          onClick={() => bus.navigate(`/messages?client=${clientId}&level=${level}&phone=${phone}`)}
        >
          Open in Messages
        </Button>
      </div>
    </section>,
    document.body,
  );
}
