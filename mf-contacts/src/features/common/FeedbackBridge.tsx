import { useEffect } from 'react';
import { App } from 'antd';
import { setLocalFeedback } from './notify';

/** Lets the remote show toasts and confirmations itself when no shell listens on the bus. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setLocalFeedback({
      toast: (kind, text) => void message.open({ type: kind, content: text }),
      confirm: (title, content) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({ title, content, okText: 'Yes', cancelText: 'No', onOk: () => resolve(true), onCancel: () => resolve(false) });
        }),
    });
    return () => setLocalFeedback(null);
  }, [message, modal]);
  return null;
}
