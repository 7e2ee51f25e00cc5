import { useEffect, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CALL_MESSAGES, type CallLogEntry } from '@agency/contracts';
import { formatDuration } from '@agency/ui';

/** A call's recording, played in the page (the audio is fetched with the session); admins may delete it. */
export function RecordingPlayer({ entry, canDelete, onDeleted }: { entry: CallLogEntry; canDelete: boolean; onDeleted(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!entry.recording) return null;
  const recording = entry.recording;

  async function play() {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await phoneApi.recordingAudio(entry.id)));
    } catch (err) {
      bus.toast({ kind: 'error', message: CALL_MESSAGES.recordingsFailed(errorMessage(err)) });
    } finally {
      setLoading(false);
    }
  }
  async function remove() {
    if (!(await bus.confirm(CALL_MESSAGES.deleteRecording))) return;
    try {
      await phoneApi.deleteRecording(entry.id, recording.sid);
      onDeleted();
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    }
  }

  return (
    <Space size={4}>
      {url ? (
        <audio src={url} controls autoPlay aria-label={`Recording, ${formatDuration(recording.duration)}`} style={{ height: 32, width: 220 }} />
      ) : (
        <Button size="small" icon={<PlayCircleOutlined />} loading={loading} onClick={() => void play()} aria-label={`Play recording, ${formatDuration(recording.duration)}`}>
          {formatDuration(recording.duration)}
        </Button>
      )}
      {canDelete && (
        <Tooltip title="Delete recording">
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Delete recording" onClick={() => void remove()} />
        </Tooltip>
      )}
    </Space>
  );
}
