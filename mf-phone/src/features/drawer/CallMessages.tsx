import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Spin, theme, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { SMS_MESSAGES, type SmsMessage } from '@agency/contracts';
import { formatDateTime } from '@agency/ui';

const SHOWN = 20;
/** A text waiting for its time shows at that time, as scheduled; the others when they were written. */
const shownAt = (m: SmsMessage) => m.scheduleFor ?? m.createdAt;

/**
 * The active call's Messages tab: the texts with the caller's number (the same room as the
 * Messages page), live, and a line to text them while talking (Enter sends).
 */
export function CallMessages({ phoneNumber, clientId }: { phoneNumber: string; clientId: string | null }) {
  const { token } = theme.useToken();
  const [roomId, setRoomId] = useState<string | null>(null);
  const [messages, setMessages] = useState<SmsMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    bus
      .request('sms_create_room', { phoneNumber, clientId })
      .then((room) => bus.request('sms_join_room', { roomId: room.id }))
      .then(
        (page) => {
          if (!current) return;
          setRoomId(page.room.id);
          setMessages(page.messages);
        },
        (err: Error) => current && setError(err.message),
      );
    return () => {
      current = false;
    };
  }, [phoneNumber, clientId]);

  useEffect(() => {
    if (!roomId) return;
    const sub = bus.on('sms_room_update').subscribe(({ room, message }) => {
      if (room.id !== roomId) return;
      setMessages((all) => {
        const known = (all ?? []).some((m) => m.id === message.id);
        return known ? (all ?? []).map((m) => (m.id === message.id ? message : m)) : [...(all ?? []), message];
      });
    });
    return () => sub.unsubscribe();
  }, [roomId]);

  const shown = useMemo(() => [...(messages ?? [])].sort((a, b) => shownAt(a).localeCompare(shownAt(b))).slice(-SHOWN), [messages]);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);

  async function send() {
    const message = text.trim();
    if (!roomId || sending) return;
    if (!message) return setError(SMS_MESSAGES.empty);
    setSending(true);
    setError(null);
    try {
      const sent = await bus.request('sms_send_message', { roomId, id: crypto.randomUUID(), message });
      setMessages((all) => ((all ?? []).some((m) => m.id === sent.id) ? all : [...(all ?? []), sent]));
      setText('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  }

  if (!messages && !error) return <Spin size="small" style={{ display: 'block', margin: '12px auto' }} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {messages && (
        <div
          ref={list}
          role="log"
          aria-label="Texts with the caller"
          style={{ maxHeight: 220, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}
        >
          {shown.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No texts with this number yet" />}
          {shown.map((m) => {
            const mine = m.flow === 'outgoing';
            return (
              <div
                key={m.id}
                style={{
                  alignSelf: mine ? 'flex-end' : 'flex-start',
                  maxWidth: '85%',
                  background: mine ? token.colorPrimaryBg : token.colorFillTertiary,
                  borderRadius: 10,
                  padding: '6px 10px',
                }}
              >
                <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13 }}>{m.message || (m.media.length ? 'Picture' : '')}</div>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                  {formatDateTime(shownAt(m))}
                  {m.scheduleFor ? ' · scheduled' : mine && m.status !== 'delivered' ? ` · ${m.status}` : ''}
                </Typography.Text>
              </div>
            );
          })}
        </div>
      )}
      {roomId && (
        <div style={{ display: 'flex', gap: 6, alignItems: 'flex-end' }}>
          <Input.TextArea
            aria-label="Text message"
            placeholder="Text the caller"
            autoSize={{ minRows: 1, maxRows: 3 }}
            maxLength={1600}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={(e) => {
              if (e.shiftKey) return;
              e.preventDefault();
              void send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} aria-label="Send text" loading={sending} onClick={() => void send()} />
        </div>
      )}
    </div>
  );
}
