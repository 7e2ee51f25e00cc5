import { useMemo, useState } from 'react';
import { Avatar, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { metricsApi } from '@agency/api-client';
import { statsOf, sumStats, type EmployeeMetric, type EmployeeStat, type EmployeeStatsUser } from '@agency/contracts';
import { formatCents, formatDate, formatDuration, fullName, initials } from '@agency/ui';
import { MonthStepper, monthKey, startOfMonth } from '../common/MonthStepper';
import { FiguresTable, type FiguresColumn } from './FiguresTable';
import { useEmployeeStats } from './useEmployeeStats';

type Figures = Record<EmployeeMetric, number>;
interface Row extends Figures {
  key: string;
  user: EmployeeStatsUser;
}
interface DayRow extends Figures {
  key: string;
  date: string;
}

const n = (v: number) => v.toLocaleString('en-US');
const FIGURE_COLUMNS: Array<{ title: string; render: (f: Figures) => string; align?: 'right' }> = [
  { title: 'Contacts', render: (f) => n(f.contacts), align: 'right' },
  { title: 'Policies', render: (f) => n(f.policies), align: 'right' },
  { title: 'Premiums', render: (f) => formatCents(f.premiums), align: 'right' },
  { title: 'Messages', render: (f) => n(f.messages), align: 'right' },
  { title: 'Calls', render: (f) => n(f.calls), align: 'right' },
  { title: 'Talk Time', render: (f) => formatDuration(f.calls_duration), align: 'right' },
  { title: 'Tasks', render: (f) => `${n(f.tasks_completed)} / ${n(f.tasks_total)}`, align: 'right' },
];
const figureColumns = <T extends Figures>(): Array<FiguresColumn<T>> => FIGURE_COLUMNS.map((c) => ({ key: c.title, ...c }));

/** The days of a month that counted something, from the daily view. */
export function dailyRows(rows: EmployeeStat[]): DayRow[] {
  const dates = [...new Set(rows.map((r) => r.metricDate))].sort();
  return dates.map((date) => ({ key: date, date, ...sumStats(rows.filter((r) => r.metricDate === date)) }));
}

/** One person's month, day by day; a failure collapses the row (the caller) and shows nothing. */
function DailyFigures({ days }: { days: DayRow[] | undefined }) {
  if (!days) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (!days.length) return <Typography.Text type="secondary">Nothing counted this month.</Typography.Text>;
  return (
    <FiguresTable<DayRow> rows={days} columns={[{ key: 'date', title: 'Day', render: (r) => formatDate(`${r.date}T12:00:00`) }, ...figureColumns<DayRow>()]} />
  );
}

/**
 * Dashboard widget: the team's month, one row per person (former employees included when they
 * counted something), each opening to its days.
 */
export function EmployeeStatsWidget() {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const params = useMemo(() => ({ monthYear: monthKey(month) }), [month]);
  const { stats, loading, error, refresh } = useEmployeeStats(params);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [days, setDays] = useState<Record<string, DayRow[]>>({});

  const rows: Row[] = (stats?.users ?? [])
    .filter((u) => !u.former || stats?.rows.some((r) => r.user === u.id))
    .map((u) => ({ key: u.id, user: u, ...statsOf(stats?.rows ?? [], u.id) }));

  function expand(open: boolean, row: Row) {
    setExpanded((keys) => (open ? [...keys, row.key] : keys.filter((k) => k !== row.key)));
    if (!open) return;
    const monthYear = monthKey(month);
    metricsApi.employeeStats({ user: row.key, metricView: 'daily', monthYear }).then(
      (daily) => setDays((d) => ({ ...d, [`${monthYear}:${row.key}`]: dailyRows(daily.rows) })),
      () => {
        setExpanded((keys) => keys.filter((k) => k !== row.key));
        setDays((d) => ({ ...d, [`${monthYear}:${row.key}`]: [] }));
      },
    );
  }

  const columns: Array<FiguresColumn<Row>> = [
    {
      key: 'user',
      title: 'Employee',
      render: (r) => (
        <Flex align="center" gap={8}>
          <Avatar size="small" src={r.user.avatar ?? undefined} alt="">
            {initials(r.user)}
          </Avatar>
          <span>{fullName(r.user)}</span>
          {r.user.former && <Tag>Former</Tag>}
        </Flex>
      ),
    },
    ...figureColumns<Row>(),
  ];

  return (
    <Card
      title="Employee Stats"
      size="small"
      extra={
        <Flex align="center" gap={8}>
          <MonthStepper
            month={month}
            onChange={(m) => {
              setExpanded([]);
              setMonth(m);
            }}
            disabled={loading}
          />
          <Button type="text" size="small" icon={<ReloadOutlined />} aria-label="Refresh employee stats" onClick={refresh} disabled={loading} />
        </Flex>
      }
    >
      {error && <Typography.Text type="danger">Unable to load employee stats: {error}</Typography.Text>}
      {loading && !stats ? (
        <div role="status" aria-busy="true" aria-label="Loading employee stats">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} active avatar={{ size: 'small' }} title={false} paragraph={{ rows: 1, width: '100%' }} style={{ marginBottom: 8 }} />
          ))}
        </div>
      ) : (
        !error && (
          <FiguresTable<Row>
            rows={rows}
            columns={columns}
            loading={loading}
            minWidth={720}
            expandable={{
              expandedKeys: expanded,
              onExpand: expand,
              render: (r) => <DailyFigures days={days[`${monthKey(month)}:${r.key}`]} />,
            }}
          />
        )
      )}
    </Card>
  );
}
