import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { IDLE_TIMINGS, useIdleTimer, type IdleTimings } from './useIdleTimer';

const pad = (n: number) => String(n).padStart(2, '0');
/** 1:59:58, 12:05 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function Countdown({ remaining }: { remaining: () => number }) {
  const [left, setLeft] = useState(remaining);
  useEffect(() => {
    const t = setInterval(() => setLeft(remaining()), 1000);
    return () => clearInterval(t);
  }, [remaining]);
  return <strong>{formatCountdown(left)}</strong>;
}

/** Signs out after a long time without activity, with a prompt well before. */
export function IdleWatch({ timings = IDLE_TIMINGS }: { timings?: IdleTimings }) {
  const navigate = useNavigate();
  const { prompted, stay, remaining } = useIdleTimer(timings, () => navigate('/logout?reason=idle', { replace: true }));
  return (
    <Modal
      open={prompted}
      title={
        <span>
          <ClockCircleOutlined style={{ marginRight: 8 }} />
          You will be signed out soon
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard
      onCancel={stay}
      footer={
        <>
          <Button onClick={() => navigate('/logout')}>Sign Out</Button>
          <Button type="primary" onClick={stay} autoFocus>
            Stay signed in
          </Button>
        </>
      }
      zIndex={1600}
    >
      <Typography.Paragraph>
        You have not used Agency Desk for a while. For your security you will be signed out in <Countdown remaining={remaining} />.
      </Typography.Paragraph>
    </Modal>
  );
}
