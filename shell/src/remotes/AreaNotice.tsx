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

/**
 * A small notice that an area drawn on every page (the phone drawer, the tasks background, ...)
 * could not load (or, `message`, why), with what the person can do: reload the page, which reads the
 * active releases again.
 */
export function AreaNotice({ area, message, onReload = reloadPage }: { area: string; message?: string; onReload?: () => void }) {
  return createPortal(
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-area-notice={area}
      title={message ?? `${area} could not load.`}
      action={
        <Button size="small" onClick={onReload}>
          Reload
        </Button>
      }
    />,
    noticeHost(),
  );
}
