import { memo, useState, type KeyboardEvent } from 'react';
import { Button, Input, Space, Tag, theme, Tooltip, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import type { ChatUser } from '@agency/contracts';
import { CHAT_MESSAGES, canChangeMessage, giphyIdOf } from '@agency/contracts';
import { FileLink, GifView, InlineImage } from './attachments';
import { EmojiPicker } from './EmojiPicker';
import { emojiName, QUICK_REACTIONS } from './emoji';
import { UserAvatar } from './people';
import type { LocalMessage } from './store';
import { formatDateTime, fullName } from '@agency/ui';
import { LinkifiedText, srOnly } from './text';

export interface MessageActions {
  react: (messageId: string, emoji: string) => void;
  edit: (messageId: string, text: string) => Promise<void>;
  remove: (messageId: string) => Promise<void>;
  retry: (messageId: string) => void;
  discard: (messageId: string) => void;
}

function Reactions({ m, me, names, onToggle }: { m: LocalMessage; me: string; names: (id: string) => string; onToggle: (emoji: string) => void }) {
  if (!m.reactions.length) return null;
  return (
    <Space size={4} wrap style={{ marginTop: 4 }}>
      {m.reactions.map((r) => {
        const mine = r.by.includes(me);
        const who = r.by.map(names).join(', ');
        return (
          <Tooltip key={r.emoji} title={who}>
            <Button
              size="small"
              type={mine ? 'primary' : 'default'}
              ghost={mine}
              aria-pressed={mine}
              aria-label={`${emojiName(r.emoji)} ${r.by.length}, by ${who}`}
              onClick={() => onToggle(r.emoji)}
            >
              {r.emoji} {r.by.length}
            </Button>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/** Edit panel: Save, Delete and Cancel; a GIF message offers only Delete and Cancel. */
function EditPanel({ m, onDone, actions }: { m: LocalMessage; onDone: () => void; actions: MessageActions }) {
  const gif = !!giphyIdOf(m.message);
  const [text, setText] = useState(m.message);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const save = () => text.trim() && run(() => actions.edit(m.id, text.trim()));
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      onDone();
    }
  };
  return (
    <div style={{ marginTop: 4 }}>
      {!gif && (
        <>
          <label htmlFor={`chat-edit-${m.id}`} style={srOnly}>
            Edit message
          </label>
          <Input.TextArea
            id={`chat-edit-${m.id}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            autoSize={{ minRows: 1, maxRows: 6 }}
            autoFocus
          />
        </>
      )}
      <Space style={{ marginTop: 6 }}>
        {!gif && (
          <Button size="small" type="primary" onClick={save} loading={busy} disabled={!text.trim()}>
            Save
          </Button>
        )}
        <Button size="small" danger onClick={() => run(() => actions.remove(m.id))} loading={busy}>
          Delete
        </Button>
        <Button size="small" onClick={onDone}>
          Cancel
        </Button>
      </Space>
    </div>
  );
}

function Body({ m }: { m: LocalMessage }) {
  if (m.deleted) {
    return (
      <span>
        <Tag>{CHAT_MESSAGES.deleted}</Tag>
        {CHAT_MESSAGES.deletedBody}
      </span>
    );
  }
  const gifId = giphyIdOf(m.message);
  if (gifId) return <GifView id={gifId} />;
  return m.message ? <LinkifiedText text={m.message} /> : null;
}

function MessageItemView({
  m,
  me,
  highlighted,
  users,
  actions,
}: {
  m: LocalMessage;
  me: string;
  highlighted: boolean;
  users: ChatUser[];
  actions: MessageActions;
}) {
  const { token } = theme.useToken();
  const [editing, setEditing] = useState(false);
  const names = (id: string) => {
    const u = users.find((x) => x.id === id);
    return u ? fullName(u) : 'Former member';
  };
  if (m.type === 'status') {
    return (
      <div role="note" style={{ textAlign: 'center', padding: '6px 12px', color: token.colorTextSecondary, fontSize: 12 }}>
        {m.message} · {formatDateTime(m.createdAt)}
      </div>
    );
  }
  const stored = !m.status;
  const changeable = stored && canChangeMessage(m, me);
  const author = m.user ?? { id: '', firstName: 'Former', lastName: 'user' };
  return (
    <article
      aria-label={`Message from ${fullName(author)}`}
      data-message-id={m.id}
      style={{
        display: 'flex',
        gap: 10,
        padding: '8px 12px',
        borderRadius: token.borderRadius,
        background: highlighted ? token.colorWarningBg : undefined,
      }}
    >
      <UserAvatar user={author} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space size={8} wrap>
          <Typography.Text strong>{fullName(author)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(m.createdAt)}
          </Typography.Text>
          {m.edited && !m.deleted && <Tag bordered={false}>{CHAT_MESSAGES.edited}</Tag>}
          {m.status === 'pending' && (
            <Typography.Text type="secondary" italic style={{ fontSize: 12 }}>
              {CHAT_MESSAGES.sending}
            </Typography.Text>
          )}
        </Space>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: m.status === 'error' ? token.colorErrorText : undefined }}>
          <Body m={m} />
        </div>
        {m.media.length > 0 && (
          <Space wrap style={{ marginTop: 6 }}>
            {m.media.map((f) => (
              <InlineImage key={f.id} file={f} />
            ))}
          </Space>
        )}
        {m.files.length > 0 && (
          <Space wrap style={{ marginTop: 6 }}>
            {m.files.map((f) => (
              <FileLink key={f.id} file={f} />
            ))}
          </Space>
        )}
        {m.status === 'error' && (
          <Space style={{ marginTop: 4 }}>
            <Typography.Text type="danger">{m.error}</Typography.Text>
            <Button size="small" danger onClick={() => actions.retry(m.id)}>
              Retry
            </Button>
            <Button size="small" type="text" onClick={() => actions.discard(m.id)}>
              Discard
            </Button>
          </Space>
        )}
        <Reactions m={m} me={me} names={names} onToggle={(e) => actions.react(m.id, e)} />
        {editing && <EditPanel m={m} actions={actions} onDone={() => setEditing(false)} />}
      </div>
      {stored && !m.deleted && !editing && (
        <Space size={0} style={{ alignSelf: 'flex-start' }}>
          {QUICK_REACTIONS.slice(0, 1).map((e) => (
            <Button
              key={e}
              type="text"
              size="small"
              aria-label={`React with ${emojiName(e)}`}
              title={`React with ${emojiName(e)}`}
              onClick={() => actions.react(m.id, e)}
            >
              {e}
            </Button>
          ))}
          <EmojiPicker label="Add reaction" button={{ type: 'text', size: 'small', icon: <SmileOutlined /> }} onPick={(e) => actions.react(m.id, e)} />
          {changeable && (
            <Button type="text" size="small" icon={<EditOutlined />} aria-label="Edit message" title="Edit message" onClick={() => setEditing(true)} />
          )}
        </Space>
      )}
    </article>
  );
}

export const MessageItem = memo(MessageItemView);
