import { useEffect, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { CALL_MESSAGES } from '@agency/contracts';
import { formatDuration } from './format';

export interface RecordingPlayerProps {
  /** Seconds. */
  duration: number;
  /** The audio, fetched with the session when Play is pressed. */
  load: () => Promise<Blob>;
  /** Asked 'Sure you want to delete this recording?' first; absent for people who may not delete. */
  onDelete?: () => Promise<void>;
  /** What a failed load says, before the reason. */
  failed: (message: string) => string;
}

/** A call's recording, played in the page; Play fetches it, then the browser's player takes over. */
export function RecordingPlayer({ duration, load, onDelete, failed }: RecordingPlayerProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function play() {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await load()));
    } catch (err) {
      bus.toast({ kind: 'error', message: failed(err instanceof Error ? err.message : String(err)) });
    } finally {
      setLoading(false);
    }
  }
  async function remove() {
    if (!onDelete || !(await bus.confirm(CALL_MESSAGES.deleteRecording))) return;
    try {
      await onDelete();
    } catch (err) {
      bus.toast({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <Space size={4}>
      {url ? (
        <audio src={url} controls autoPlay aria-label={`Recording, ${formatDuration(duration)}`} style={{ height: 32, width: 220 }} />
      ) : (
        <Button
          size="small"
          icon={<PlayCircleOutlined />}
          loading={loading}
          onClick={() => void play()}
          aria-label={`Play recording, ${formatDuration(duration)}`}
        >
          {formatDuration(duration)}
        </Button>
      )}
      {onDelete && (
        <Tooltip title="Delete recording">
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Delete recording" onClick={() => void remove()} />
        </Tooltip>
      )}
    </Space>
  );
}
