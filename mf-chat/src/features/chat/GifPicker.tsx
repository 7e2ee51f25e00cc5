import { useEffect, useState } from 'react';
import { Button, Input, Popover, Spin, Typography } from 'antd';
import GifOutlined from '@ant-design/icons/GifOutlined';
import type { Gif } from '@agency/contracts';
import { CHAT_MESSAGES } from '@agency/contracts';
import { chatApi, errorMessage } from '@agency/api-client';
import { useDebounced, useLiveQuery } from '@agency/ui';

let configured: Promise<boolean> | null = null;
const gifsConfigured = () => (configured ??= chatApi.gifsConfig().catch(() => false));

function GifSearch({ onPick }: { onPick: (gif: Gif) => void }) {
  const [q, setQ] = useState('');
  const asked = useDebounced(q, 400);
  const found = useLiveQuery(() => chatApi.gifs(asked), null, asked);
  const gifs = found.data ?? null;
  const error = found.error ? errorMessage(found.error) : null;
  return (
    <div style={{ width: 320 }}>
      <label htmlFor="chat-gif-search" style={{ display: 'block', marginBottom: 4 }}>
        Search GIFs
      </label>
      <Input id="chat-gif-search" value={q} onChange={(e) => setQ(e.target.value)} allowClear autoFocus />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {!gifs && !error && <Spin style={{ display: 'block', margin: 16 }} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4, marginTop: 8, maxHeight: 300, overflow: 'auto' }}>
        {gifs?.map((g) => (
          <button
            key={g.id}
            type="button"
            onClick={() => onPick(g)}
            aria-label={`Send GIF ${g.title || g.id}`}
            style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
          >
            <img src={g.previewUrl} alt={g.title} style={{ width: '100%', height: 80, objectFit: 'cover', borderRadius: 4 }} />
          </button>
        ))}
      </div>
    </div>
  );
}

/** The GIF button: G-rated search when GIFs are configured; otherwise it says they are not. */
export function GifPicker({ disabled, onPick }: { disabled: boolean; onPick: (gif: Gif) => void }) {
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState<boolean | null>(null);
  useEffect(() => {
    if (open && ready === null) void gifsConfigured().then(setReady);
  }, [open, ready]);
  const content =
    ready === null ? (
      <Spin />
    ) : ready ? (
      <GifSearch
        onPick={(g) => {
          onPick(g);
          setOpen(false);
        }}
      />
    ) : (
      <Typography.Text role="status">{CHAT_MESSAGES.gifsNotConfigured}</Typography.Text>
    );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" content={content}>
      <Button icon={<GifOutlined />} disabled={disabled} aria-label="Send a GIF" title="Send a GIF" />
    </Popover>
  );
}
