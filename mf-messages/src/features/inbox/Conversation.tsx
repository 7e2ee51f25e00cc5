import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Mentions, Tag, Tooltip, theme, Typography } from 'antd';
import { CloseOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import { errorMessage, smsApi } from '@agency/api-client';
import type { SmsMedia, SmsMessage, SmsRoom, SmsUpload } from '@agency/contracts';
import { SMS_MEDIA_LIMITS, SMS_MESSAGES } from '@agency/contracts';
import { formatDateTime, formatPhone, fullName } from '@agency/ui';
import { roomTitle } from './RoomList';
import { useTemplates } from './useTemplates';

/** What the @ list inserts for a template before it is filled: its name, without spaces. */
const templateToken = (t: { id: string; name: string }) => `${t.name.replace(/\s+/g, '_')}`;

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
  // Held by us before any carrier (the number has no verified campaign): said as such, with why.
  const held = m.status === 'failed' && m.error === SMS_MESSAGES.campaignNotVerified;
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
            {[
              mine && m.user ? fullName(m.user) : null,
              m.campaign ? `campaign ${m.campaign}` : null,
              formatDateTime(m.scheduleFor ?? m.createdAt),
              m.scheduleFor ? 'scheduled' : held ? 'held' : STATUS_LABEL[m.status],
            ]
              .filter(Boolean)
              .join(' · ')}
            {bad && m.error ? ` (${held ? m.error.replace(/^Held: /, '') : m.error})` : ''}
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
  onSend(text: string, media: SmsMedia[]): Promise<unknown>;
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
  const picking = useRef(false);
  const { templates, fill } = useTemplates(room);
  const lastTyped = useRef(0);
  const [pictures, setPictures] = useState<SmsUpload[]>([]);
  const [uploading, setUploading] = useState(false);
  const filePicker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setDraft(localStorage.getItem(draftKey(room.id)) ?? '');
    setError(null);
    setPictures([]);
  }, [room.id]);

  async function attach(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, SMS_MEDIA_LIMITS.maxPerText - pictures.length);
    if (!chosen.length) return;
    setUploading(true);
    setError(null);
    try {
      for (const file of chosen) {
        if (!(SMS_MEDIA_LIMITS.types as readonly string[]).includes(file.type)) throw new Error(SMS_MESSAGES.mediaType);
        if (file.size > SMS_MEDIA_LIMITS.maxBytes) throw new Error(SMS_MESSAGES.mediaTooLarge);
        const up = await smsApi.uploadMedia(file);
        setPictures((p) => [...p, up]);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
      if (filePicker.current) filePicker.current.value = '';
    }
  }
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
    if ((!text && !pictures.length) || sending || uploading) return;
    setSending(true);
    setError(null);
    try {
      await onSend(
        text,
        pictures.map((p) => ({ format: p.format, info: p.info })),
      );
      changeDraft('');
      setPictures([]);
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
        {messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No texts yet" />
        ) : (
          messages.map((m) => <Bubble key={m.id} m={m} onResend={() => onResend(m.id)} />)
        )}
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
        {pictures.length > 0 && (
          <div style={{ display: 'flex', gap: 8, marginBottom: 8, flexWrap: 'wrap' }} aria-label="Pictures to send" role="list">
            {pictures.map((p) => (
              <div key={p.info} role="listitem" style={{ position: 'relative' }}>
                <img
                  src={p.info}
                  alt={p.name}
                  style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 6, border: `1px solid ${token.colorBorderSecondary}` }}
                />
                <Button
                  size="small"
                  shape="circle"
                  icon={<CloseOutlined />}
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setPictures((all) => all.filter((x) => x.info !== p.info))}
                  style={{ position: 'absolute', top: -8, right: -8 }}
                />
              </div>
            ))}
          </div>
        )}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          <input
            ref={filePicker}
            type="file"
            accept={SMS_MEDIA_LIMITS.types.join(',')}
            multiple
            hidden
            aria-label="Picture to attach"
            onChange={(e) => void attach(e.target.files)}
          />
          <Tooltip title="Attach a picture (JPEG, PNG or GIF, up to 5 MB)">
            <Button
              icon={<PictureOutlined />}
              aria-label="Attach picture"
              loading={uploading}
              disabled={room.optedOut || pictures.length >= SMS_MEDIA_LIMITS.maxPerText}
              onClick={() => filePicker.current?.click()}
            />
          </Tooltip>
          <Mentions
            aria-label="Message"
            placeholder="Type a text (@ for a template; Enter sends, Shift+Enter for a new line)"
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ flex: 1 }}
            value={draft}
            disabled={room.optedOut}
            prefix="@"
            options={templates.map((t) => ({ key: t.id, value: templateToken(t), label: t.name }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            onChange={(value) => {
              // A chosen template arrives as its token: it becomes the template filled for this client.
              const chosen = templates.find((t) => value.includes(`@${templateToken(t)} `) || value.endsWith(`@${templateToken(t)}`));
              // While an @ word is being typed, Enter picks a template instead of sending.
              picking.current = !chosen && /(^|\s)@\S*$/.test(value);
              changeDraft(chosen ? value.replace(`@${templateToken(chosen)}`, fill(chosen)).trimEnd() : value);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.shiftKey || picking.current) return;
              e.preventDefault();
              void send();
            }}
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={sending}
            disabled={(!draft.trim() && !pictures.length) || uploading || room.optedOut}
            onClick={() => void send()}
          >
            Send
          </Button>
        </div>
      </div>
    </section>
  );
}
