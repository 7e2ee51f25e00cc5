import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage, trainingsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { resizeThumbnail, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from './thumbnail';

export const TRAINING_ADDED = 'training item added to library';

interface Values {
  title: string;
  description?: string;
  tags?: string;
  notify: boolean;
  arcadeId?: string;
  details?: string;
}

/** "new, Phone ,, setup" → ['new', 'phone', 'setup'] */
export const parseTags = (value: string | undefined) =>
  Array.from(
    new Set(
      (value ?? '')
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  );

export const ADD_TRAINING_FORM_ID = 'add-training';

/** Adds an item to the trainings library (super role only). Its Save and Cancel live in the dialog's footer. */
export function AddTrainingForm({ onDone, onBusy }: { onDone: () => void; onBusy: (busy: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const [thumbError, setThumbError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => onBusy(saving), [saving, onBusy]);

  async function pick(file: File | undefined) {
    setThumbError(null);
    if (!file) return;
    try {
      setThumbnail(await resizeThumbnail(file));
    } catch (err) {
      setThumbnail(null);
      setThumbError(errorMessage(err, 'That file is not an image we can read.'));
    }
  }

  async function save(values: Values) {
    setSaving(true);
    try {
      await trainingsApi.create({
        title: values.title.trim(),
        description: values.description?.trim() ?? '',
        tags: parseTags(values.tags),
        notify: !!values.notify,
        thumbnail,
        arcadeId: values.arcadeId?.trim() || null,
        details: values.details ?? '',
      });
      bus.toast({ kind: 'success', message: TRAINING_ADDED });
      onDone();
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      bus.toast({ kind: 'error', message: message ? `Unable to save training item: ${message}` : 'Unable to save training item' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" requiredMark="optional" onFinish={save} name={ADD_TRAINING_FORM_ID} initialValues={{ notify: false }}>
      <div className="training-form-grid">
        <div>
          <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: 'Title is required' }, { max: 200 }]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item label="Description" name="description" rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Tags" name="tags" extra="Comma separated, for example: new, phone">
            <Input />
          </Form.Item>
          <Form.Item label="Arcade ID" name="arcadeId" rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
        </div>
        <div>
          <Form.Item label="Thumbnail" extra={`Resized to ${THUMBNAIL_WIDTH}x${THUMBNAIL_HEIGHT}.`}>
            <div
              style={{
                aspectRatio: '2 / 1',
                borderRadius: 8,
                border: '1px dashed rgba(128,128,128,0.5)',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                overflow: 'hidden',
                marginBottom: 8,
              }}
            >
              {thumbnail ? (
                <img src={thumbnail} alt="Thumbnail preview" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              ) : (
                <Typography.Text type="secondary">No thumbnail</Typography.Text>
              )}
            </div>
            <div style={{ display: 'flex', gap: 8 }}>
              <input
                ref={fileInput}
                id="training-thumbnail"
                aria-label="Thumbnail"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                style={{ display: 'none' }}
                onChange={(e) => {
                  void pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button size="small" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                Choose Image
              </Button>
              {thumbnail && (
                <Button size="small" icon={<DeleteOutlined />} onClick={() => setThumbnail(null)}>
                  Remove
                </Button>
              )}
            </div>
            {thumbError && <Alert type="error" showIcon title={thumbError} style={{ marginTop: 8 }} />}
          </Form.Item>
          <Form.Item name="notify" valuePropName="checked">
            <Checkbox>Notify users</Checkbox>
          </Form.Item>
        </div>
      </div>
      <Form.Item label="Details" name="details" rules={[{ max: 100_000 }]} style={{ marginBottom: 0 }}>
        <Input.TextArea rows={6} />
      </Form.Item>
    </Form>
  );
}
