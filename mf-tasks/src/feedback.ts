import { useMemo } from 'react';
import { App } from 'antd';
import { bus, type ToastRequest } from '@agency/bus';

/**
 * Toasts and Yes/No confirmations go through the bus, so the shell shows them the same way
 * everywhere. Where nothing listens on the bus (this remote running alone, or a shell without
 * those overlays), the remote shows them itself.
 */
export function useFeedback() {
  const { modal, notification } = App.useApp();
  return useMemo(
    () => ({
      toast(t: ToastRequest) {
        if (bus.toast$.observed) return bus.toast(t);
        notification[t.kind]({ key: t.key, title: t.message, description: t.description, duration: t.persistent ? 0 : 4.5 });
      },
      confirm(title: string, content?: string): Promise<boolean> {
        if (bus.confirm$.observed) return bus.confirm(title, content);
        return new Promise((resolve) =>
          modal.confirm({ title, content, okText: 'Yes', cancelText: 'No', onOk: () => resolve(true), onCancel: () => resolve(false) }),
        );
      },
    }),
    [modal, notification],
  );
}
