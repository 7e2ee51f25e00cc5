import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Radio, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { FLOW_RECORDING_MESSAGES, MAX_FLOW_RECORDINGS, type CallFlowRecording } from '@agency/contracts';
import { formatDateTime } from '@agency/ui';

/** The recording from this page's own origin (the address the carrier is given may name another host for the same server). */
const playable = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/api\/media\/call-flow\/)/, '');

/**
 * The call-flow recording picker (spec 002): choose one of the account's recordings for a
 * message, upload one (a label and an MP3 or WAV; at most four), or delete one.
 */
export function RecordingPicker({
  open,
  current,
  onChoose,
  onClose,
}: {
  open: boolean;
  current?: string;
  onChoose(recording: CallFlowRecording): void;
  onClose(): void;
}) {
  const [recordings, setRecordings] = useState<CallFlowRecording[] | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(current);
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setError(null);
    phoneApi.flowRecordings().then(
      (list) => current && setRecordings(list),
      (err) => current && setError(errorMessage(err)),
    );
    return () => {
      current = false;
    };
  }, [open]);
  useEffect(() => setChosen(current), [current, open]);

  const full = (recordings?.length ?? 0) >= MAX_FLOW_RECORDINGS;
  async function upload() {
    if (!label.trim()) return setError(FLOW_RECORDING_MESSAGES.labelRequired);
    if (!file) return setError(FLOW_RECORDING_MESSAGES.type);
    setBusy(true);
    setError(null);
    try {
      const made = await phoneApi.uploadFlowRecording(label.trim(), file);
      setRecordings((list) => [...(list ?? []), made]);
      setChosen(made.url);
      setLabel('');
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  async function remove(r: CallFlowRecording) {
    try {
      await phoneApi.deleteFlowRecording(r.id);
      setRecordings((list) => (list ?? []).filter((x) => x.id !== r.id));
      if (chosen === r.url) setChosen(undefined);
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  const picked = recordings?.find((r) => r.url === chosen);
  return (
    <Modal
      open={open}
      title="Recordings"
      onCancel={onClose}
      okText="Choose"
      okButtonProps={{ disabled: !picked }}
      onOk={() => picked && onChoose(picked)}
      destroyOnHidden
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        {recordings && !recordings.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No recordings yet" />}
        {!!recordings?.length && (
          <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value as string)} style={{ width: '100%' }} aria-label="Recordings">
            <Space orientation="vertical" style={{ width: '100%' }}>
              {recordings.map((r) => (
                <div key={r.id} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                  <Radio value={r.url} style={{ flex: '1 1 160px' }}>
                    {r.name}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {formatDateTime(r.lastModified)}
                    </Typography.Text>
                  </Radio>
                  <audio controls preload="none" src={playable(r.url)} aria-label={`Play ${r.name}`} style={{ height: 32, maxWidth: 200 }} />
                  <Popconfirm title="Delete this recording?" okText="Yes" cancelText="No" onConfirm={() => void remove(r)}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${r.name}`} />
                  </Popconfirm>
                </div>
              ))}
            </Space>
          </Radio.Group>
        )}
        <div style={{ display: 'grid', gap: 8 }}>
          <Typography.Text strong>Upload a recording</Typography.Text>
          {full ? (
            <Typography.Text type="secondary">{FLOW_RECORDING_MESSAGES.max}</Typography.Text>
          ) : (
            <>
              <Input
                aria-label="Label"
                placeholder="Label, e.g. Welcome"
                maxLength={60}
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                onPressEnter={() => void upload()}
              />
              <input
                key={fileKey}
                type="file"
                aria-label="Audio file"
                accept=".mp3,.wav,audio/mpeg,audio/wav"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <Button icon={<UploadOutlined />} loading={busy} onClick={() => void upload()} style={{ justifySelf: 'start' }}>
                Upload
              </Button>
            </>
          )}
        </div>
      </Space>
    </Modal>
  );
}
