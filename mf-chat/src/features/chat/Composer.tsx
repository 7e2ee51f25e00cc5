import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Progress, Space, Tag, Tooltip } from 'antd';
import ClearOutlined from '@ant-design/icons/ClearOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import type { ChatUploadResponse, Gif } from '@agency/contracts';
import { CHAT_LIMITS, CHAT_MESSAGES, CHAT_UPLOAD_TYPES } from '@agency/contracts';
import { chatApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { EmojiPicker } from './EmojiPicker';
import { GifPicker } from './GifPicker';
import { newId } from './ids';
import { drafts } from './storage';
import { srOnly } from './text';

/** An attachment on its way: 'pending' before it starts, 0-100 while sending, 101 once stored. */
export interface Attachment {
  key: string;
  name: string;
  progress: 'pending' | number;
  file?: ChatUploadResponse;
  error?: string;
}

export type Upload = (roomId: string, file: File, onProgress: (percent: number) => void) => Promise<ChatUploadResponse>;

const ACCEPT = Object.values(CHAT_UPLOAD_TYPES)
  .flat()
  .map((e) => `.${e}`)
  .join(',');

export const isBusy = (list: Attachment[]) => list.some((a) => !a.error && (a.progress === 'pending' || a.progress < CHAT_LIMITS.uploadReady));

/**
 * The message box: attach file, emoji, GIF, clear and send. Enter sends, Shift+Enter starts a new
 * line. Nothing can be sent without a room or while files are still uploading. Drafts are kept
 * per room in this browser.
 */
export function Composer({
  roomId,
  userId,
  onSend,
  upload = chatApi.upload,
}: {
  roomId: string | null;
  userId: string;
  onSend: (text: string, fileIds: string[]) => void;
  upload?: Upload;
}) {
  const [text, setText] = useState(() => (roomId ? drafts.get(userId, roomId) : ''));
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setText(roomId ? drafts.get(userId, roomId) : '');
    setAttachments([]);
    // A room opened: the keyboard goes where the next thing to do is, writing in it.
    if (roomId) box.current?.focus();
  }, [roomId, userId]);

  const change = (value: string) => {
    setText(value);
    if (roomId) drafts.set(userId, roomId, value);
  };
  const patch = (key: string, p: Partial<Attachment>) => setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...p } : a)));

  const attach = (files: FileList | null) => {
    if (!roomId || !files) return;
    const added = [...files].map((file) => ({ file, a: { key: newId(), name: file.name, progress: 'pending' as const } }));
    setAttachments((list) => [...list, ...added.map((x) => x.a)]);
    for (const { file, a } of added) {
      if (file.size > CHAT_LIMITS.uploadMaxBytes) {
        const reason = CHAT_MESSAGES.fileTooLarge;
        patch(a.key, { error: reason });
        bus.toast({ kind: 'error', message: `${CHAT_MESSAGES.uploadError} ${reason}` });
        continue;
      }
      patch(a.key, { progress: 0 });
      upload(roomId, file, (p) => patch(a.key, { progress: Math.min(p, 100) })).then(
        (stored) => patch(a.key, { progress: CHAT_LIMITS.uploadReady, file: stored }),
        (err) => {
          const reason = errorMessage(err);
          patch(a.key, { error: reason });
          bus.toast({ kind: 'error', message: `${CHAT_MESSAGES.uploadError} ${reason}` });
        },
      );
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const ready = attachments.filter((a) => a.file && !a.error);
  const busy = isBusy(attachments);
  const canSend = !!roomId && !busy && (text.trim().length > 0 || ready.length > 0);

  const send = () => {
    if (!canSend || !roomId) return;
    onSend(
      text.trim(),
      ready.map((a) => a.file!.id),
    );
    setText('');
    setAttachments([]);
    drafts.set(userId, roomId, '');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const insert = (emoji: string) => {
    const el = box.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    change(text.slice(0, at) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + emoji.length, at + emoji.length);
    });
  };
  const sendGif = (gif: Gif) => roomId && onSend(`giphy:${gif.id}`, []);

  return (
    <div style={{ padding: 12, borderTop: '1px solid rgba(128,128,128,0.2)' }}>
      {attachments.length > 0 && (
        <Space wrap style={{ marginBottom: 8 }} aria-label="Attachments">
          {attachments.map((a) => (
            <Tag
              key={a.key}
              color={a.error ? 'error' : a.file ? 'success' : 'processing'}
              closable
              closeIcon={<span aria-label={`Remove attachment ${a.name}`}>×</span>}
              onClose={() => setAttachments((list) => list.filter((x) => x.key !== a.key))}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6, padding: '2px 8px' }}
            >
              <span>{a.name}</span>
              {a.error ? (
                <span>{a.error}</span>
              ) : a.progress === 'pending' ? (
                <span>waiting</span>
              ) : a.progress < CHAT_LIMITS.uploadReady ? (
                <Progress type="circle" percent={a.progress} size={20} aria-label={`Uploading ${a.name}: ${a.progress}%`} />
              ) : (
                <span>ready</span>
              )}
            </Tag>
          ))}
        </Space>
      )}
      <label htmlFor="chat-message" style={srOnly}>
        Message
      </label>
      <Input.TextArea
        id="chat-message"
        ref={(r) => {
          box.current = r?.resizableTextArea?.textArea ?? null;
        }}
        rows={2}
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={!roomId}
        maxLength={CHAT_LIMITS.messageMax}
        placeholder={roomId ? 'Write a message (Enter sends, Shift+Enter for a new line)' : 'Pick a room to start chatting'}
        style={{ resize: 'none' }}
      />
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <input ref={fileInput} type="file" multiple accept={ACCEPT} hidden aria-label="Choose files to attach" onChange={(e) => attach(e.target.files)} />
          <Button icon={<PaperClipOutlined />} aria-label="Attach file" title="Attach file" disabled={!roomId} onClick={() => fileInput.current?.click()} />
          <EmojiPicker label="Insert emoji" button={{ icon: <SmileOutlined />, disabled: !roomId }} onPick={insert} />
          <GifPicker disabled={!roomId} onPick={sendGif} />
          <Button
            icon={<ClearOutlined />}
            aria-label="Clear message"
            title="Clear message"
            disabled={!roomId || (!text && !attachments.length)}
            onClick={() => {
              change('');
              setAttachments([]);
            }}
          />
        </Space>
        <Tooltip title={busy ? 'Waiting for files to upload' : undefined}>
          <Button type="primary" icon={<SendOutlined />} aria-label="Send" disabled={!canSend} onClick={send}>
            Send
          </Button>
        </Tooltip>
      </Space>
    </div>
  );
}
