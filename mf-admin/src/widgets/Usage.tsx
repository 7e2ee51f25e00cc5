import { useState } from 'react';
import { Card, Col, Flex, Progress, Row, Typography } from 'antd';
import { billingApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { Usage as UsageFigures } from '@agency/contracts';
import { formatDateTime, useLiveQuery, useObservable } from '@agency/ui';
import { MonthStepper, monthKey, startOfMonth } from '../features/common/MonthStepper';

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
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const figures = useLiveQuery<UsageFigures>(accountId ? () => billingApi.usage(accountId, monthKey(month)) : null, null, [accountId, monthKey(month)]);
  const usage = figures.data ?? null;
  const loading = figures.loading || (!figures.data && !figures.error);
  const error = figures.error ? errorMessage(figures.error) : null;

  return (
    <Card title="Usage" size="small" extra={<MonthStepper month={month} onChange={setMonth} disabled={loading} />}>
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
