import { useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { auditApi, errorMessage, usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import {
  AUDIT_ACTIONS,
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_KEYS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZES,
  type AuditCategory,
  type AuditEvent,
  type AuditQuery,
} from '@agency/contracts';
import { formatDateTime, fullName, RetryAlert, saveFile, useLiveQuery, useObservable } from '@agency/ui';

/** Colours of the categories' tags. */
const CATEGORY_COLORS: Record<AuditCategory, string> = {
  signIn: 'blue',
  password: 'gold',
  mfa: 'purple',
  employees: 'cyan',
  ghosting: 'magenta',
  exports: 'green',
  reveals: 'orange',
  deletions: 'red',
  settings: 'geekblue',
  billing: 'lime',
  numbers: 'volcano',
  releases: 'geekblue',
};

interface Filters {
  category?: AuditCategory;
  userId?: string;
  /** Days as the date inputs give them (YYYY-MM-DD, the viewer's days). */
  fromDay?: string;
  toDay?: string;
  q?: string;
}

/** The viewer's days as the server's time range: from the start of the first day to the end of the last. */
export function queryOf(f: Filters): AuditQuery {
  const startOf = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d!);
  };
  const nextDay = (day: string) => {
    const date = startOf(day);
    date.setDate(date.getDate() + 1);
    return date;
  };
  return {
    category: f.category,
    userId: f.userId,
    from: f.fromDay ? startOf(f.fromDay).toISOString() : undefined,
    to: f.toDay ? nextDay(f.toDay).toISOString() : undefined,
    q: f.q?.trim() || undefined,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const todayOf = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Audit Log (owners): every sign-in, security change, export, reveal and deletion of the agency,
 * newest first, filtered by category, person, days and words, paged by the server and exported as
 * CSV with the same filters. Nobody can change or remove an entry.
 */
export function AuditLogPage() {
  const accountId = useObservable(bus.session$)?.account.id;
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(AUDIT_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState('');

  const query = useMemo(() => queryOf(filters), [filters]);
  const rangeBackwards = !!filters.fromDay && !!filters.toDay && filters.fromDay > filters.toDay;

  const people = useLiveQuery(() => usersApi.list()).data ?? [];
  const audit = useLiveQuery(accountId && !rangeBackwards ? () => auditApi.page(accountId, { ...query, page, pageSize }) : null, null, [
    accountId,
    query,
    page,
    pageSize,
  ]);
  const result = audit.data ?? null;
  const error = audit.error ? AUDIT_MESSAGES.loadFailed(errorMessage(audit.error)) : null;

  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  async function exportCsv() {
    if (!accountId) return;
    setExporting(true);
    try {
      saveFile(await auditApi.exportCsv(accountId, query), `audit-${todayOf()}.csv`);
    } catch (err) {
      bus.toast({ kind: 'error', message: AUDIT_MESSAGES.exportFailed(errorMessage(err)) });
    } finally {
      setExporting(false);
    }
  }

  const columns = [
    {
      title: 'When',
      dataIndex: 'at',
      width: 130,
      render: (at: string) => {
        const [day, ...time] = formatDateTime(at, { seconds: true }).split(' ');
        return (
          <time dateTime={at}>
            {day}
            <br />
            <Typography.Text type="secondary">{time.join(' ')}</Typography.Text>
          </time>
        );
      },
    },
    {
      title: 'Action',
      dataIndex: 'action',
      width: 200,
      render: (action: AuditEvent['action']) => {
        const { label, category } = AUDIT_ACTIONS[action];
        return <Tag color={CATEGORY_COLORS[category]}>{label}</Tag>;
      },
    },
    {
      title: 'By',
      key: 'by',
      width: 190,
      render: (_: unknown, e: AuditEvent) => (
        <>
          {e.actor ? (
            <span>
              {e.actor.name}
              {e.actingAs && <Typography.Text type="secondary"> as {e.actingAs.name}</Typography.Text>}
            </span>
          ) : (
            <Typography.Text type="secondary">Not signed in</Typography.Text>
          )}
          {e.ip && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                from {e.ip}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: 'Record', key: 'record', render: (_: unknown, e: AuditEvent) => e.target?.label || '-' },
    { title: 'Detail', dataIndex: 'detail', render: (v: string | null) => v || '-' },
  ];

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Audit Log
        </Typography.Title>
        <Button icon={<DownloadOutlined />} loading={exporting} disabled={rangeBackwards} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">
        Sign-ins, password and MFA changes, employees and roles, ghosting, exports, reveals of sensitive fields and deletions. Entries cannot be changed or
        removed.
      </Typography.Paragraph>
      <Form layout="inline" name="audit-filters" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => change({ q: search })}>
        <Form.Item label="Category" htmlFor="audit-category">
          <Select<AuditCategory>
            id="audit-category"
            allowClear
            placeholder="All categories"
            style={{ width: 160 }}
            value={filters.category}
            onChange={(v) => change({ category: v })}
            options={AUDIT_CATEGORY_KEYS.map((k) => ({ value: k, label: AUDIT_CATEGORIES[k] }))}
          />
        </Form.Item>
        <Form.Item label="Person" htmlFor="audit-person">
          <Select<string>
            id="audit-person"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Everyone"
            style={{ width: 180 }}
            value={filters.userId}
            onChange={(v) => change({ userId: v })}
            options={people.map((u) => ({ value: u.id, label: fullName(u) || u.email }))}
          />
        </Form.Item>
        <Form.Item label="From" htmlFor="audit-from">
          <Input id="audit-from" type="date" max={todayOf()} value={filters.fromDay ?? ''} onChange={(e) => change({ fromDay: e.target.value || undefined })} />
        </Form.Item>
        <Form.Item
          label="To"
          htmlFor="audit-to"
          validateStatus={rangeBackwards ? 'error' : undefined}
          help={rangeBackwards ? 'The start date must not be after the end date' : undefined}
        >
          <Input id="audit-to" type="date" value={filters.toDay ?? ''} onChange={(e) => change({ toDay: e.target.value || undefined })} />
        </Form.Item>
        <Form.Item label="Search" htmlFor="audit-search">
          <Input.Search
            id="audit-search"
            allowClear
            placeholder="Record, detail, person or address"
            style={{ width: 260 }}
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value) change({ q: undefined });
            }}
            onSearch={(v) => change({ q: v })}
            enterButton
          />
        </Form.Item>
      </Form>
      {error && <RetryAlert message={error} onRetry={audit.reload} />}
      <Table<AuditEvent>
        rowKey="id"
        size="middle"
        loading={audit.loading}
        dataSource={result?.items ?? []}
        columns={columns}
        locale={{ emptyText: AUDIT_MESSAGES.empty }}
        pagination={{
          current: page,
          pageSize,
          total: result?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: AUDIT_PAGE_SIZES.map(String),
          showTotal: (total, [from, to]) => `${from}-${to} of ${total.toLocaleString('en-US')} events`,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
    </div>
  );
}
