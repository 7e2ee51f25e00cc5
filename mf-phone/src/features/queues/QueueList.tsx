import { useState } from 'react';
import { Button, Empty, Flex, Tag, theme, Typography } from 'antd';
import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { isAdminRole, QUEUE_MESSAGES, shortWait, type PhoneQueue } from '@agency/contracts';
import { useObservable } from '@agency/ui';

const CALL_SETTINGS = '/account/settings/call-settings';

/** No queue yet: where one is added (a location's Call queue switch in Call Settings), with the way there for those who may open it. */
function NoQueues() {
  const session = useObservable(bus.session$);
  const admin = isAdminRole(session?.user.role);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        admin ? (
          <>
            No call queues. Turn on a location&apos;s Call queue in {/* underlined: a link inside a sentence is told apart by more than its colour */}
            <Typography.Link underline href={CALL_SETTINGS} onClick={(e) => (e.preventDefault(), bus.navigate(CALL_SETTINGS))}>
              Account Settings → Call Settings
            </Typography.Link>
            .
          </>
        ) : (
          "No call queues. An owner or admin turns on a location's Call queue in Account Settings → Call Settings."
        )
      }
    />
  );
}

/**
 * Call queues with who waits and for how long on average; Take Next Call puts the longest-waiting
 * caller through to this person's phone (disabled while nobody waits, or the phone cannot take it).
 */
export function QueueList({ queues, canTake, onTake }: { queues: PhoneQueue[]; canTake: boolean; onTake(queueId: string): Promise<void> }) {
  const [taking, setTaking] = useState<string | null>(null);
  const { token } = theme.useToken();
  async function take(id: string) {
    setTaking(id);
    try {
      await onTake(id);
    } catch (err) {
      bus.toast({ kind: 'error', message: QUEUE_MESSAGES.takeFailed(errorMessage(err)) });
    } finally {
      setTaking(null);
    }
  }
  if (!queues.length) return <NoQueues />;
  return (
    <ul aria-label="Call queues" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {queues.map((q, i) => (
        <li
          key={q.id}
          aria-label={`${q.friendlyName} queue`}
          style={{ padding: '10px 0', borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined }}
        >
          <Flex vertical gap={6} style={{ width: '100%' }}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong title={q.sid} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {q.friendlyName}
              </Typography.Text>
              <Tag color={q.currentSize ? 'orange' : 'default'} icon={<UserOutlined />} style={{ marginInlineEnd: 0 }}>
                {q.currentSize} waiting
              </Tag>
            </Flex>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                <ClockCircleOutlined /> Average wait {shortWait(q.averageWaitTime)}
              </Typography.Text>
              <Button
                size="small"
                type="primary"
                disabled={q.currentSize === 0 || !canTake}
                loading={taking === q.id}
                onClick={() => void take(q.id)}
                aria-label={`${QUEUE_MESSAGES.takeNextCall} from ${q.friendlyName}`}
              >
                {QUEUE_MESSAGES.takeNextCall}
              </Button>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
