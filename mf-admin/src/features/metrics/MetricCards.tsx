import type { ReactNode } from 'react';
import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import {
  CheckSquareOutlined,
  DollarOutlined,
  FileProtectOutlined,
  FieldTimeOutlined,
  MessageOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { EmployeeMetric } from '@agency/contracts';
import { formatCents, formatDuration } from '@agency/ui';

type Figures = Record<EmployeeMetric, number>;

interface CardSpec {
  title: string;
  icon: ReactNode;
  value: (f: Figures) => string;
  detail: (f: Figures) => ReactNode;
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The profile's cards (spec 002 "Profile"): Tasks, Contacts, Policies, Messages, Calls, Incoming and Outgoing Calls, then Premiums, Talk Time and Open Tasks. */
export const METRIC_CARDS: CardSpec[] = [
  {
    title: 'Tasks',
    icon: <CheckSquareOutlined />,
    value: (f) => `${count(f.tasks_completed)} / ${count(f.tasks_total)}`,
    detail: (f) => (
      <Progress
        percent={f.tasks_total ? Math.round((f.tasks_completed / f.tasks_total) * 100) : 0}
        size="small"
        aria-label={`${f.tasks_completed} of ${f.tasks_total} tasks completed`}
      />
    ),
  },
  { title: 'Contacts', icon: <TeamOutlined />, value: (f) => count(f.contacts), detail: () => 'added this month' },
  { title: 'Policies', icon: <FileProtectOutlined />, value: (f) => count(f.policies), detail: (f) => `${formatCents(f.premiums)} in premiums` },
  { title: 'Messages', icon: <MessageOutlined />, value: (f) => count(f.messages), detail: () => 'texts sent' },
  {
    title: 'Calls',
    icon: <PhoneOutlined />,
    value: (f) => count(f.calls),
    detail: (f) => `${formatDuration(f.calls_duration)} on the phone, ${plural(f.reviews, 'call')} reviewed`,
  },
  {
    title: 'Incoming Calls',
    icon: <PhoneOutlined rotate={225} />,
    value: (f) => count(f.calls_incoming),
    detail: (f) => formatDuration(f.calls_incoming_duration),
  },
  {
    title: 'Outgoing Calls',
    icon: <PhoneOutlined rotate={45} />,
    value: (f) => count(f.calls_outgoing),
    detail: (f) => formatDuration(f.calls_outgoing_duration),
  },
  { title: 'Premiums', icon: <DollarOutlined />, value: (f) => formatCents(f.premiums), detail: (f) => `on ${plural(f.policies, 'policy', 'policies')}` },
  {
    title: 'Talk Time',
    icon: <FieldTimeOutlined />,
    value: (f) => formatDuration(f.calls_duration),
    detail: (f) => (f.calls ? `${formatDuration(f.calls_duration / f.calls)} a call` : 'no calls'),
  },
  { title: 'Open Tasks', icon: <ScheduleOutlined />, value: (f) => count(f.tasks_pending), detail: () => 'assigned and not done' },
];

/** The month's figures as cards, five to a row on wide screens. */
export function MetricCards({ figures, loading }: { figures: Figures; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {METRIC_CARDS.map((c) => (
        <Col key={c.title} xs={{ flex: '100%' }} sm={{ flex: '50%' }} lg={{ flex: '33.33%' }} xl={{ flex: '20%' }}>
          <Card size="small" role="region" aria-label={c.title} loading={loading} style={{ height: '100%' }}>
            <Statistic title={c.title} value={c.value(figures)} prefix={c.icon} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {c.detail(figures)}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
