import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { bus, type ConfirmRequest } from '@agency/bus';

/** Answers bus.confirm(): one question at a time, Yes or No; Esc means No. */
export function ConfirmHost() {
  const [queue, setQueue] = useState<ConfirmRequest[]>([]);
  useEffect(() => {
    const sub = bus.confirm$.subscribe((req) => setQueue((q) => [...q, req]));
    return () => sub.unsubscribe();
  }, []);
  const current = queue[0];
  const answer = (ok: boolean) => {
    current?.resolve(ok);
    setQueue((q) => q.slice(1));
  };
  return (
    <Modal
      open={!!current}
      title={
        <span style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
          <ExclamationCircleFilled style={{ color: '#faad14' }} />
          {current?.title}
        </span>
      }
      onCancel={() => answer(false)}
      closable={false}
      width={420}
      zIndex={1700}
      footer={
        <>
          <Button onClick={() => answer(false)}>No</Button>
          <Button type="primary" onClick={() => answer(true)} autoFocus>
            Yes
          </Button>
        </>
      }
    >
      {current?.content && <Typography.Paragraph style={{ margin: 0 }}>{current.content}</Typography.Paragraph>}
    </Modal>
  );
}
