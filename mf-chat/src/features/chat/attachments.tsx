import { useState } from 'react';
import { Button, Image, Skeleton } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { ChatFile, Gif } from '@agency/contracts';
import { CHAT_MESSAGES } from '@agency/contracts';
import { ApiRequestError, chatApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { useLiveQuery } from '@agency/ui';
import { formatSize } from './text';

const blobUrls = new Map<string, Promise<string>>();
/** An attachment's bytes as a local address (attachments need the signed-in user's token). */
function attachmentUrl(url: string): Promise<string> {
  if (!blobUrls.has(url)) {
    const p = chatApi.file(url).then((blob) => URL.createObjectURL(blob));
    p.catch(() => blobUrls.delete(url));
    blobUrls.set(url, p);
  }
  return blobUrls.get(url)!;
}

export function InlineImage({ file }: { file: ChatFile }) {
  const image = useLiveQuery(() => attachmentUrl(file.url), null, file.url);
  const src = image.data ?? null;
  if (image.error) return <FileLink file={file} />;
  if (!src) return <Skeleton.Image active style={{ width: 160, height: 120 }} />;
  return <Image src={src} alt={file.name} style={{ maxWidth: 280, maxHeight: 220, borderRadius: 6, objectFit: 'contain' }} preview={{ mask: 'View' }} />;
}

export function FileLink({ file }: { file: ChatFile }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const href = await attachmentUrl(file.url);
      const a = document.createElement('a');
      a.href = href;
      a.download = file.name;
      a.click();
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} onClick={download} loading={busy} aria-label={`Download ${file.name}`}>
      {file.name} ({formatSize(file.size)})
    </Button>
  );
}

const gifCache = new Map<string, Promise<Gif | null>>();
function lookUpGif(id: string): Promise<Gif | null> {
  if (!gifCache.has(id)) {
    gifCache.set(
      id,
      chatApi.gif(id).catch((err) => {
        if (err instanceof ApiRequestError && err.status === 404 && err.message === CHAT_MESSAGES.gifRemoved) return null;
        gifCache.delete(id);
        throw err;
      }),
    );
  }
  return gifCache.get(id)!;
}

/** A giphy:{id} message: the GIF, or 'gif was removed'. */
export function GifView({ id }: { id: string }) {
  const state = useLiveQuery(() => lookUpGif(id), null, id);
  if (state.error) return <em>{errorMessage(state.error)}</em>;
  if (state.data === undefined) return <Skeleton.Image active style={{ width: 160, height: 120 }} />;
  if (state.data === null) return <em>{CHAT_MESSAGES.gifRemoved}</em>;
  return <img src={state.data.url} alt={state.data.title || 'GIF'} style={{ maxHeight: 200, borderRadius: 6 }} />;
}
