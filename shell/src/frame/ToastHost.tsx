import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, notification } from 'antd';
import { bus, type ToastRequest } from '@agency/bus';

export const MAX_TOASTS = 5;
/** The first path segment: /chat/42 and /chat are both in 'chat'. */
const areaOf = (path: string) => path.split(/[/?#]/)[1] ?? '';
let counter = 0;

/** Shows bus toasts, at most five at once; a toast with a link stays until dismissed (or dismissed by key) and offers a button. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({ maxCount: MAX_TOASTS, placement: 'topRight', top: 64, stack: false });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const linked = useRef(new Map<string, string>()); // open notices with an in-app link: key → link area

  // Going where a toast points is acting on it: the toast has done its job.
  useEffect(() => {
    for (const [key, area] of linked.current) {
      if (area === areaOf(pathname)) {
        api.destroy(key);
        linked.current.delete(key);
      }
    }
  }, [pathname, api]);

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
      // A keyed toast (the active task) is managed by whoever keyed it; a plain notice goes once acted on.
      if (!t.key && t.link?.startsWith('/')) linked.current.set(key, areaOf(t.link));
      api.open({
        key,
        onClose: () => linked.current.delete(key),
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
    const dismiss = bus.toastDismiss$.subscribe((key) => api.destroy(key));
    return () => {
      sub.unsubscribe();
      dismiss.unsubscribe();
    };
  }, [api, navigate]);
  return holder;
}
