import { useEffect } from 'react';
import { App } from 'antd';
import { setLocalToast } from './notify';

/** Lets the remote show toasts itself when no shell listens on the bus. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setLocalToast((kind, text) => void message.open({ type: kind, content: text }));
    return () => setLocalToast(null);
  }, [message]);
  return null;
}
