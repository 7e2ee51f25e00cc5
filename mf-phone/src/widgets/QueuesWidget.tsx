import { Card } from 'antd';
import { useObservable } from '@agency/ui';
import { phoneState$, takeNextCall } from '../features/drawer/phone';
import { QueueList } from '../features/queues/QueueList';
import { useQueues } from '../features/queues/useQueues';

/** Dashboard widget: each call queue with who waits and the average wait; Take Next Call rings this person's phone. */
export function QueuesWidget() {
  const { queues, loading } = useQueues();
  const state = useObservable(phoneState$);
  const canTake = state.device === 'ready' && !state.call;
  return (
    <Card title="Queues" size="small" loading={loading}>
      <QueueList queues={queues} canTake={canTake} onTake={takeNextCall} />
    </Card>
  );
}
