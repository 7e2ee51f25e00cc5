import { useId, useRef, useState } from 'react';
import { Button, Checkbox, Image, Input, Space, Tooltip } from 'antd';
import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { NOTE_MAX, type ActivityCreate } from '@agency/contracts';
import { notifyError } from '@agency/ui';
import { resizeNoteImage } from './resizeImage';

export interface NoteDraft {
  note: string;
  isSticky: boolean;
  image: string | null;
  thumbnail: string | null;
}

/** Enter without Shift sends the note; an attached image is resized in the browser first. */
export function NoteComposer({
  onSubmit,
  initial,
  submitLabel = 'Add Note',
  autoFocus,
}: {
  onSubmit: (draft: ActivityCreate) => Promise<unknown>;
  initial?: Partial<NoteDraft>;
  submitLabel?: string;
  autoFocus?: boolean;
}) {
  const [note, setNote] = useState(initial?.note ?? '');
  const [isSticky, setSticky] = useState(initial?.isSticky ?? false);
  const [image, setImage] = useState<{ image: string; thumbnail: string } | null>(
    initial?.image && initial.thumbnail ? { image: initial.image, thumbnail: initial.thumbnail } : null,
  );
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async () => {
    if (!note.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit({ type: 'note', note: note.trim(), isSticky, image: image?.image ?? null, thumbnail: image?.thumbnail ?? null });
      setNote('');
      setSticky(false);
      setImage(null);
    } catch {
      // reported by the caller; the draft stays
    } finally {
      setBusy(false);
    }
  };
  const attach = async (file: File | undefined) => {
    if (!file) return;
    try {
      setImage(await resizeNoteImage(file));
    } catch (err) {
      notifyError(err instanceof Error ? err.message : 'Unable to read the image');
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        Note
      </label>
      <Input.TextArea
        id={id}
        value={note}
        maxLength={NOTE_MAX}
        autoFocus={autoFocus}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Space style={{ marginTop: 8, display: 'flex', justifyContent: 'space-between' }} wrap>
        <Space>
          <Checkbox checked={isSticky} onChange={(e) => setSticky(e.target.checked)}>
            Sticky
          </Checkbox>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            aria-label="Image file"
            data-testid="note-image-input"
            onChange={(e) => void attach(e.target.files?.[0])}
          />
          <Tooltip title="Attach image">
            <Button icon={<PaperClipOutlined />} aria-label="Attach image" onClick={() => fileRef.current?.click()} />
          </Tooltip>
          {image ? (
            <Space size={4}>
              <Image src={image.thumbnail} width={40} height={40} alt="Attached image" preview={{ src: image.image }} />
              <Button size="small" type="text" icon={<CloseOutlined />} aria-label="Remove image" onClick={() => setImage(null)} />
            </Space>
          ) : null}
        </Space>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!note.trim()}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </Space>
    </form>
  );
}
