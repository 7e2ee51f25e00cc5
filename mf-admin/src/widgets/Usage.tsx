import { useEffect, useState } from 'react';
import { Button, Card, Col, Flex, Progress, Row, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { Usage as UsageFigures } from '@agency/contracts';
import { formatDateTime, useObservable } from '@agency/ui';

/** MM/yyyy of a month. */
export const monthKey = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

/**
 * A gauge's scale: the committed amount; past it the maximum becomes usage plus the excess, and the
 * gauge turns red (spec 000 "Usage").
 */
export function gauge(used: number, committed: number): { max: number; percent: number; over: boolean } {
  const over = used > committed;
  const max = over ? used + (used - committed) : committed;
  return { max, percent: max > 0 ? Math.round((used / max) * 100) : 0, over };
}

function Gauge({ label, used, committed }: { label: string; used: number; committed: number }) {
  const g = gauge(used, committed);
  return (
    <Flex vertical align="center" gap={4}>
      <Progress
        type="dashboard"
        percent={g.percent}
        size={110}
        status={g.over ? 'exception' : 'normal'}
        format={() => used.toLocaleString('en-US')}
        aria-label={`${label}: ${used} of ${committed} committed`}
      />
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {committed ? `${committed.toLocaleString('en-US')} committed` : 'none committed'}
      </Typography.Text>
    </Flex>
  );
}

/** Dashboard widget: the month's minutes, messages and recordings against the plan's commitment, month by month. */
export function Usage() {
  const accountId = useObservable(bus.session$)?.account.id;
  const [month, setMonth] = useState(() => new Date(new Date().getFullYear(), new Date().getMonth(), 1));
  const [usage, setUsage] = useState<UsageFigures | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    setLoading(true);
    setError(null);
    billingApi
      .usage(accountId, monthKey(month))
      .then((u) => live && setUsage(u))
      .catch((err) => live && setError(errorMessage(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [accountId, month]);

  const now = new Date();
  const next = new Date(month.getFullYear(), month.getMonth() + 1, 1);
  const nextDisabled = loading || next > now;
  const step = (by: number) => setMonth((m) => new Date(m.getFullYear(), m.getMonth() + by, 1));

  return (
    <Card
      title="Usage"
      size="small"
      extra={
        <Flex align="center" gap={4}>
          <Button type="text" size="small" icon={<LeftOutlined />} aria-label="Previous month" disabled={loading} onClick={() => step(-1)} />
          <Typography.Text aria-live="polite">{monthKey(month)}</Typography.Text>
          <Button type="text" size="small" icon={<RightOutlined />} aria-label="Next month" disabled={nextDisabled} onClick={() => step(1)} />
        </Flex>
      }
    >
      {error ? (
        <Typography.Text type="danger">Unable to load usage: {error}</Typography.Text>
      ) : (
        <>
          <Row gutter={8} justify="space-around">
            <Col>
              <Gauge label="Minutes" used={usage?.minutes ?? 0} committed={usage?.committedMinutes ?? 0} />
            </Col>
            <Col>
              <Gauge label="Messages" used={usage?.messages ?? 0} committed={usage?.committedMessages ?? 0} />
            </Col>
          </Row>
          <Flex justify="space-between" style={{ marginTop: 8 }} wrap gap={8}>
            <Typography.Text type="secondary">Recordings: {usage?.recordings ?? 0}</Typography.Text>
            <Typography.Text type="secondary">{usage ? `As of ${formatDateTime(usage.asOf)}` : ''}</Typography.Text>
          </Flex>
        </>
      )}
    </Card>
  );
}
