import { useState } from 'react';
import { Button, Input, List, Popover, Space, Typography } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { ChatSearchResult } from '@agency/contracts';
import { CHAT_LIMITS } from '@agency/contracts';
import { errorMessage } from '@agency/api-client';
import { formatDateTime, fullName } from '@agency/ui';

/** Search the user's rooms (from 4 characters); a result opens its room around the message. */
export function ChatSearch({ search, onOpen }: { search: (text: string) => Promise<ChatSearchResult[]>; onOpen: (r: ChatSearchResult) => void }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<ChatSearchResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = text.trim().length >= CHAT_LIMITS.searchMin;
  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      setResults(await search(text.trim()));
    } catch (err) {
      setError(errorMessage(err));
      setResults([]);
    } finally {
      setBusy(false);
    }
  };
  const content = (
    <div style={{ width: 360, maxHeight: 420, overflow: 'auto' }}>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <List
        size="small"
        dataSource={results ?? []}
        locale={{ emptyText: 'No messages found' }}
        renderItem={(r) => (
          <List.Item>
            <button
              type="button"
              onClick={() => {
                setResults(null);
                onOpen(r);
              }}
              style={{ background: 'none', border: 0, padding: 0, textAlign: 'left', cursor: 'pointer', color: 'inherit', width: '100%' }}
            >
              <Typography.Text strong>{r.roomTitle}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.message.user ? fullName(r.message.user) : ''} · {formatDateTime(r.message.createdAt)}
              </Typography.Text>
              <br />
              <Typography.Text ellipsis style={{ maxWidth: 330 }}>
                {r.message.message}
              </Typography.Text>
            </button>
          </List.Item>
        )}
      />
    </div>
  );
  return (
    <Popover
      open={results !== null}
      onOpenChange={(o) => !o && setResults(null)}
      trigger="click"
      placement="bottomLeft"
      content={content}
      title="Search results"
    >
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="chat-search" style={{ display: 'block', marginBottom: 4 }}>
          Search messages
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="chat-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            allowClear
            placeholder={`At least ${CHAT_LIMITS.searchMin} characters`}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={!ready} loading={busy} aria-label="Search" />
        </Space.Compact>
      </form>
    </Popover>
  );
}
