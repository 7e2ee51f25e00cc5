import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Tag, theme, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { SmsMessage, SmsRoom } from '@agency/contracts';
import { SMS_MESSAGES } from '@agency/contracts';
import { formatDateTime, formatPhone, fullName } from '@agency/ui';
import { roomTitle } from './RoomList';

const draftKey = (roomId: string) => `messages_draft_${roomId}`;
const STATUS_LABEL: Record<SmsMessage['status'], string> = {
  pending: 'pending',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  received: '',
};

function Bubble({ m, onResend }: { m: SmsMessage; onResend(): void }) {
  const { token } = theme.useToken();
  if (m.type === 'optin' || m.type === 'status') {
    return (
      <Typography.Text type="secondary" italic style={{ display: 'block', textAlign: 'center', margin: '8px 0' }}>
        {m.message} · {formatDateTime(m.createdAt)}
      </Typography.Text>
    );
  }
  const mine = m.flow === 'outgoing';
  const bad = m.status === 'undelivered' || m.status === 'failed';
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }} data-testid="sms-message">
      <div style={{ maxWidth: '72%' }}>
        <div
          style={{
            padding: '8px 12px',
            borderRadius: 14,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            background: mine ? token.colorPrimaryBg : token.colorFillSecondary,
            border: bad ? `1px solid ${token.colorError}` : undefined,
          }}
        >
          {m.message}
          {m.media.map((media) => (
            <img key={media.info} src={media.info} alt="Picture" style={{ display: 'block', maxWidth: 240, marginTop: 6, borderRadius: 8 }} />
          ))}
        </div>
        <div style={{ fontSize: 12, textAlign: mine ? 'right' : 'left', marginTop: 2 }}>
          <Typography.Text type={bad ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {[mine && m.user ? fullName(m.user) : null, m.campaign ? `campaign ${m.campaign}` : null, formatDateTime(m.scheduleFor ?? m.createdAt), m.scheduleFor ? 'scheduled' : STATUS_LABEL[m.status]]
              .filter(Boolean)
              .join(' · ')}
            {bad && m.error ? ` (${m.error})` : ''}
          </Typography.Text>
          {bad && (
            <Button type="link" size="small" danger onClick={onResend}>
              Resend
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

interface Props {
  room: SmsRoom;
  messages: SmsMessage[];
  more: boolean;
  typing: string | null;
  panelOpen: boolean;
  onTogglePanel(): void;
  onSend(text: string): Promise<unknown>;
  onResend(id: string): void;
  onLoadOlder(): void;
  onTyping(): void;
}

/** The open room: its texts (newest at the bottom), their statuses, and the composer. */
export function Conversation({ room, messages, more, typing, panelOpen, onTogglePanel, onSend, onResend, onLoadOlder, onTyping }: Props) {
  const { token } = theme.useToken();
  const [draft, setDraft] = useState(() => localStorage.getItem(draftKey(room.id)) ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const lastTyped = useRef(0);

  useEffect(() => {
    setDraft(localStorage.getItem(draftKey(room.id)) ?? '');
    setError(null);
  }, [room.id]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, room.id]);

  const changeDraft = (value: string) => {
    setDraft(value);
    if (value) localStorage.setItem(draftKey(room.id), value);
    else localStorage.removeItem(draftKey(room.id));
    if (Date.now() - lastTyped.current > 2_000) {
      lastTyped.current = Date.now();
      onTyping();
    }
  };

  async function send() {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      changeDraft('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-label={`Conversation with ${roomTitle(room)}`} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {roomTitle(room)}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatPhone(room.phoneNumber)} · from {formatPhone(room.agencyNumber)}
          </Typography.Text>
        </div>
        {room.optedOut && <Tag color="error">Opted out</Tag>}
        <Button onClick={onTogglePanel}>{panelOpen ? 'Close Client Panel' : 'Show Client Panel'}</Button>
      </header>
      <div style={{ flex: 1, overflow: 'auto', padding: '8px 16px' }} aria-live="polite">
        {more && (
          <div style={{ textAlign: 'center' }}>
            <Button size="small" onClick={onLoadOlder}>
              Load Older Messages
            </Button>
          </div>
        )}
        {messages.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No texts yet" /> : messages.map((m) => <Bubble key={m.id} m={m} onResend={() => onResend(m.id)} />)}
        <div ref={end} />
      </div>
      {typing && (
        <Typography.Text type="secondary" italic style={{ padding: '0 16px' }}>
          {typing} is typing…
        </Typography.Text>
      )}
      <div style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        {room.optedOut && <Alert type="warning" showIcon title={SMS_MESSAGES.optedOut} style={{ marginBottom: 8 }} />}
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 8 }} />}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          <Input.TextArea
            aria-label="Message"
            placeholder="Type a text (Enter sends, Shift+Enter for a new line)"
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ flex: 1 }}
            value={draft}
            disabled={room.optedOut}
            onChange={(e) => changeDraft(e.target.value)}
            onPressEnter={(e) => {
              if (e.shiftKey) return;
              e.preventDefault();
              void send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!draft.trim() || room.optedOut} onClick={() => void send()}>
            Send
          </Button>
        </div>
      </div>
    </section>
  );
}
