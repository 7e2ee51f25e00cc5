import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button } from 'antd';
import { reloadPage } from './reloadPage';

const HOST_ID = 'area-notices';

/** Where the notices stand: over every page, above the footer, whatever hides the area itself (the background slots are hidden). */
export function noticeHost(): HTMLElement {
  const found = document.getElementById(HOST_ID);
  if (found) return found;
  const host = document.createElement('div');
  host.id = HOST_ID;
  Object.assign(host.style, {
    position: 'fixed',
    left: '16px',
    bottom: '56px',
    zIndex: '1010',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    maxWidth: '360px',
  });
  document.body.appendChild(host);
  return host;
}

type ReloadNoticeProps = {
  kind: 'warning' | 'info';
  title: string;
  description?: ReactNode;
  onReload: () => void;
  /** data-* attributes that name the notice (which area, which kind). */
  data: Record<`data-${string}`, string>;
};

/** A small notice over every page whose action is Reload: a warning is an alert, news is a status. */
export function ReloadNotice({ kind, title, description, onReload, data }: ReloadNoticeProps) {
  return createPortal(
    <Alert
      type={kind}
      showIcon
      role={kind === 'warning' ? 'alert' : 'status'}
      {...data}
      title={title}
      description={description}
      action={
        <Button size="small" onClick={onReload}>
          Reload
        </Button>
      }
    />,
    noticeHost(),
  );
}

/**
 * A small notice that an area drawn on every page (the phone drawer, the tasks background, ...)
 * could not load (or, `message`, why), with what the person can do: reload the page, which reads the
 * active releases again.
 */
export function AreaNotice({ area, message, onReload = reloadPage }: { area: string; message?: string; onReload?: () => void }) {
  return <ReloadNotice kind="warning" title={message ?? `${area} could not load.`} onReload={onReload} data={{ 'data-area-notice': area }} />;
}
