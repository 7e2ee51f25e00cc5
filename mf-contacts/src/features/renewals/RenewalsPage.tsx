import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import {
  RENEWAL_LOST_REASON_MAX,
  RENEWAL_MAX_DAYS,
  RENEWAL_MESSAGES,
  RENEWAL_SOURCE_LABELS,
  RENEWAL_STATE_LABELS,
  RENEWAL_STATES,
  RENEWAL_WINDOWS,
  toUsDate,
  type Renewal,
  type RenewalState,
  type RenewalUpdate,
} from '@agency/contracts';
import { errorMessage, locationsApi, usersApi } from '@agency/api-client';
import { formatCents, FormDialog, fullName, useDebounced, useLiveQuery, useObservable, withToasts } from '@agency/ui';
import { DateInput } from '../common/inputs';
import { renewalsApi } from './renewalsApi';

const STATE_COLORS: Record<RenewalState, string> = { notStarted: 'default', contacted: 'blue', quoted: 'gold', renewed: 'green', lost: 'red' };
const CUSTOM = 'custom';

interface Filters {
  window: number | typeof CUSTOM;
  days: number | null;
  location?: string;
  line?: string;
  carrier?: string;
  managedBy?: string;
  state?: RenewalState;
}

/** The same day a year on (MM/dd/yyyy), the usual next term. */
export function yearAfter(us: string): string {
  const [m, d, y] = us.split('/').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0); // 29 February → 28 February
  return `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCDate()).padStart(2, '0')}/${next.getUTCFullYear()}`;
}

/** The state in words, with the reason a renewal was lost or the new term's end. */
export function RenewalStateText({ renewal }: { renewal: Renewal }) {
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATE_COLORS[renewal.state]}>{RENEWAL_STATE_LABELS[renewal.state]}</Tag>
      {renewal.state === 'lost' && renewal.lostReason ? <Typography.Text type="secondary">{renewal.lostReason}</Typography.Text> : null}
      {renewal.state === 'renewed' && renewal.newTermDate ? <Typography.Text type="secondary">New term ends {renewal.newTermDate}</Typography.Text> : null}
    </Space>
  );
}

type Dialog = { kind: 'renewed' | 'lost'; renewal: Renewal } | null;

/**
 * /renewals: every policy and coverage of the account ending in the next 30, 60, 90 or a chosen
 * number of days, a page at a time from the server, with the work on each (contacted, quoted,
 * renewed with the new term date, lost with a reason).
 */
export function RenewalsPage() {
  const session = useObservable(bus.session$);
  const accountId = session?.account.id;
  const [filters, setFilters] = useState<Filters>({ window: 60, days: 120 });
  const [page, setPage] = useState({ current: 1, size: 25 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const typed = { line: useDebounced(filters.line?.trim() ?? '', 300), carrier: useDebounced(filters.carrier?.trim() ?? '', 300) };
  const days = filters.window === CUSTOM ? filters.days : filters.window;

  const query = useMemo(
    () => ({
      days: days ?? 60,
      location: filters.location,
      line: typed.line || undefined,
      carrier: typed.carrier || undefined,
      managedBy: filters.managedBy,
      state: filters.state,
      page: page.current,
      pageSize: page.size,
    }),
    [days, filters.location, typed.line, typed.carrier, filters.managedBy, filters.state, page],
  );
  const list = useLiveQuery(accountId && days ? () => renewalsApi.list(accountId, query) : null, null, [accountId, JSON.stringify(query)]);
  const locations = useLiveQuery(accountId ? () => locationsApi.list(accountId) : null, null, [accountId]);
  const users = useLiveQuery(() => usersApi.list(), null, []);

  // A new filter starts again from the first page.
  useEffect(
    () => setPage((p) => (p.current === 1 ? p : { ...p, current: 1 })),
    [days, filters.location, typed.line, typed.carrier, filters.managedBy, filters.state],
  );

  /** Saves a change of state; answers whether it was saved (a failure was told in a toast). */
  const change = async (renewal: Renewal, body: Omit<RenewalUpdate, 'termEnd'>): Promise<boolean> => {
    if (!accountId) return false;
    setBusy(renewal.key);
    try {
      await withToasts(
        renewalsApi.update(accountId, renewal, { termEnd: renewal.termEnd, ...body }),
        `Renewal marked ${RENEWAL_STATE_LABELS[body.state].toLowerCase()}`,
        (m) => m || 'The renewal could not be saved',
      );
      list.reload();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  const changeInDialog = async (renewal: Renewal, body: Omit<RenewalUpdate, 'termEnd'>) => {
    // A failure keeps the dialog open.
    if (!(await change(renewal, body))) throw new Error('not saved');
    setDialog(null);
  };

  const columns: ColumnsType<Renewal> = [
    {
      title: 'Client',
      key: 'client',
      width: 180,
      render: (_, r) => <Link to={`/contacts/contact/${r.client.id}`}>{r.client.name}</Link>,
    },
    {
      title: 'What ends',
      key: 'what',
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.what}</span>
          <Typography.Text type="secondary">{[RENEWAL_SOURCE_LABELS[r.sourceKind], r.line, r.carrier].filter(Boolean).join(' · ')}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Ends', dataIndex: 'termEnd', key: 'termEnd', width: 110 },
    { title: 'Premium', key: 'premium', width: 110, align: 'right', render: (_, r) => (r.premium === null ? '' : formatCents(r.premium)) },
    { title: 'Managed by', key: 'managedBy', width: 140, render: (_, r) => r.managedBy?.name ?? '' },
    { title: 'State', key: 'state', width: 170, render: (_, r) => <RenewalStateText renewal={r} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 330,
      render: (_, r) =>
        r.state === 'renewed' ? null : (
          <Space wrap size={4}>
            <Button size="small" disabled={r.state === 'contacted' || busy === r.key} onClick={() => void change(r, { state: 'contacted' })}>
              Contacted
            </Button>
            <Button size="small" disabled={r.state === 'quoted' || busy === r.key} onClick={() => void change(r, { state: 'quoted' })}>
              Quoted
            </Button>
            <Button size="small" type="primary" disabled={busy === r.key} onClick={() => setDialog({ kind: 'renewed', renewal: r })}>
              Renewed...
            </Button>
            <Button size="small" danger disabled={r.state === 'lost' || busy === r.key} onClick={() => setDialog({ kind: 'lost', renewal: r })}>
              Lost...
            </Button>
          </Space>
        ),
    },
  ];

  const data = list.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space style={{ justifyContent: 'space-between', display: 'flex' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Renewals
        </Typography.Title>
        <Space>
          <Link to="/contacts">Contacts</Link>
          <Tooltip title="Refresh">
            <Button aria-label="Refresh renewals" icon={<ReloadOutlined />} onClick={list.reload} />
          </Tooltip>
        </Space>
      </Space>
      <Form
        name="renewal-filters"
        layout="inline"
        initialValues={filters}
        onValuesChange={(_, all: Filters) => setFilters({ ...all, line: all.line ?? '', carrier: all.carrier ?? '' })}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="window" label="Ending within">
          <Select style={{ width: 130 }} options={[...RENEWAL_WINDOWS.map((d) => ({ value: d, label: `${d} days` })), { value: CUSTOM, label: 'Custom' }]} />
        </Form.Item>
        {filters.window === CUSTOM ? (
          <Form.Item name="days" label="Days">
            <InputNumber min={1} max={RENEWAL_MAX_DAYS} precision={0} style={{ width: 90 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="location" label="Location">
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder="All locations"
            loading={locations.loading}
            options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="line" label="Line of business">
          <Input allowClear style={{ width: 150 }} placeholder="Auto, Home..." />
        </Form.Item>
        <Form.Item name="carrier" label="Carrier">
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="managedBy" label="Managed by">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 170 }}
            placeholder="Anyone"
            loading={users.loading}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: fullName(u) }))}
          />
        </Form.Item>
        <Form.Item name="state" label="State">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="Any state"
            options={RENEWAL_STATES.map((s) => ({ value: s, label: RENEWAL_STATE_LABELS[s] }))}
          />
        </Form.Item>
      </Form>
      {list.error ? <Alert type="error" showIcon title={errorMessage(list.error)} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Renewal>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={list.loading}
          scroll={{ x: 1260, y: 'calc(100vh - 420px)' }}
          locale={{ emptyText: days ? `Nothing ends in the next ${days} days` : 'Choose how many days' }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 25, 50, 100],
            showTotal: (total) => `${total} renewals`,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      </Card>
      {dialog?.kind === 'renewed' ? (
        <FormDialog<{ newTermDate: string }>
          open
          title={`Renewed: ${dialog.renewal.what} of ${dialog.renewal.client.name}`}
          okText="Mark Renewed"
          initialValues={{ newTermDate: yearAfter(dialog.renewal.termEnd) }}
          onClose={() => setDialog(null)}
          onSubmit={(v) => changeInDialog(dialog.renewal, { state: 'renewed', newTermDate: v.newTermDate })}
        >
          <Typography.Paragraph>This term ends {dialog.renewal.termEnd}.</Typography.Paragraph>
          <Form.Item
            name="newTermDate"
            label="New term date"
            rules={[
              { required: true, message: RENEWAL_MESSAGES.newTermRequired },
              {
                validator: async (_, value: string) => {
                  if (value && !toUsDate(value)) throw new Error('Dates must be real dates written MM/dd/yyyy');
                },
              },
            ]}
          >
            <DateInput />
          </Form.Item>
        </FormDialog>
      ) : null}
      {dialog?.kind === 'lost' ? (
        <FormDialog<{ reason: string }>
          open
          title={`Lost: ${dialog.renewal.what} of ${dialog.renewal.client.name}`}
          okText="Mark Lost"
          onClose={() => setDialog(null)}
          onSubmit={(v) => changeInDialog(dialog.renewal, { state: 'lost', reason: v.reason })}
        >
          <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: RENEWAL_MESSAGES.reasonRequired }]}>
            <Input.TextArea rows={3} maxLength={RENEWAL_LOST_REASON_MAX} showCount />
          </Form.Item>
        </FormDialog>
      ) : null}
    </div>
  );
}
