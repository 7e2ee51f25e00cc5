import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, notification } from 'antd';
import { bus, type ToastRequest } from '@agency/bus';

export const MAX_TOASTS = 5;
let counter = 0;

/** Shows bus toasts, at most five at once; a toast with a link stays until dismissed and offers a button. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({ maxCount: MAX_TOASTS, placement: 'topRight', top: 64, stack: false });
  const navigate = useNavigate();
  useEffect(() => {
    const sub = bus.toast$.subscribe((t: ToastRequest) => {
      const key = t.key ?? `toast-${++counter}`;
      const stays = t.persistent || !!t.link;
      const open = () => {
        api.destroy(key);
        if (!t.link) return;
        if (t.link.startsWith('/')) navigate(t.link);
        else window.open(t.link, '_blank', 'noopener');
      };
      api.open({
        key,
        type: t.kind,
        title: t.message,
        description: t.description,
        duration: stays ? false : t.kind === 'error' ? 8 : 4.5,
        actions: t.link ? (
          <Button type="primary" size="small" onClick={open}>
            Open
          </Button>
        ) : undefined,
      });
    });
    return () => sub.unsubscribe();
  }, [api, navigate]);
  return holder;
}
