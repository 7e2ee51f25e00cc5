import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { clientsApi, errorMessage, walkInsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { WALKIN_MESSAGES, type ClientListItem, type WalkIn } from '@agency/contracts';
import { formatDateTime, fullName, notifyError, notifySuccess, useObservable } from '@agency/ui';

/** Minutes (or hours and minutes) since arrival, as the front desk reads it. */
export function waitingFor(arrivedAt: string, until: number): string {
  const minutes = Math.max(0, Math.floor((until - Date.parse(arrivedAt)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const STATUS_COLOR: Record<WalkIn['status'], string> = { waiting: 'orange', seen: 'blue', done: 'green' };
const clientLabel = (c: ClientListItem) => [c.preferredFirstName || c.firstName, c.lastName].filter(Boolean).join(' ') || c.companyName || 'Unnamed';

function CheckInForm({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm<{ name: string; client: string | null; reason: string }>();
  const [clients, setClients] = useState<ClientListItem[]>([]);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    clientsApi.list({ search: search || undefined, limit: 30 }, { signal: abort.signal }).then(
      (p) => setClients(p.items),
      () => undefined,
    );
    return () => abort.abort();
  }, [search]);

  async function submit(v: { name: string; client: string | null; reason: string }) {
    setBusy(true);
    try {
      const w = await walkInsApi.checkIn({ name: v.name ?? '', client: v.client ?? null, reason: v.reason });
      notifySuccess(WALKIN_MESSAGES.checkedIn(w.name));
      form.resetFields();
      onDone();
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Check In" size="small">
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} style={{ rowGap: 8 }}>
        <Form.Item label="Name" name="name">
          <Input placeholder="Who came in" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Client" name="client">
          <Select
            allowClear
            showSearch={{ onSearch: setSearch, filterOption: false }}
            placeholder="Search clients"
            style={{ width: 240 }}
            options={clients.map((c) => ({ value: c.id, label: clientLabel(c) }))}
          />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[{ required: true, whitespace: true, message: 'Say why they came in' }]}>
          <Input placeholder="New quote, payment, claim…" style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Check In
        </Button>
      </Form>
    </Card>
  );
}

/** /walkins: who is at the front desk, how long they have waited, who sees them; live for everyone. */
export function WalkInsPage() {
  const peers = useObservable(bus.peers$) ?? [];
  const [list, setList] = useState<WalkIn[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(() => {
    walkInsApi.list().then(
      (l) => {
        setList(l);
        setError(null);
      },
      (err: unknown) => setError(`Unable to load walk-ins: ${errorMessage(err)}`),
    );
  }, []);
  useEffect(() => {
    load();
    const sub = bus.on('walkins_update').subscribe(() => load());
    return () => sub.unsubscribe();
  }, [load]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const change = async (w: WalkIn, patch: Parameters<typeof walkInsApi.update>[1]) => {
    try {
      await walkInsApi.update(w.id, patch);
      load();
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="walkins-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Walk-ins
      </Typography.Title>
      <CheckInForm onDone={load} />
      {error && <Alert type="error" showIcon title={error} />}
      <Table<WalkIn>
        rowKey="id"
        size="middle"
        loading={list === null}
        dataSource={list ?? []}
        // A day's walk-ins (the server keeps the done ones for 12 hours): a short list, with row roles a reader can follow.
        pagination={false}
        locale={{ emptyText: 'Nobody is waiting' }}
        columns={[
          {
            title: 'Who',
            key: 'who',
            width: 200,
            render: (_, w) => (w.client ? <Link to={`/contacts/contact/${w.client.id}`}>{w.name}</Link> : w.name),
          },
          { title: 'Reason', dataIndex: 'reason', key: 'reason' },
          { title: 'Arrived', key: 'arrived', width: 190, render: (_, w) => formatDateTime(w.arrivedAt) },
          { title: 'Waiting', key: 'waiting', width: 110, render: (_, w) => (w.status === 'waiting' ? waitingFor(w.arrivedAt, now) : '—') },
          {
            title: 'Assigned to',
            key: 'assigned',
            width: 200,
            render: (_, w) => (
              <Select
                aria-label={`Assign ${w.name}`}
                allowClear
                placeholder="Nobody"
                value={w.assignedTo?.id}
                style={{ width: 180 }}
                disabled={w.status === 'done'}
                options={peers.map((p) => ({ value: p.id, label: fullName(p) }))}
                onChange={(id?: string) => void change(w, { assignedTo: id ?? null })}
              />
            ),
          },
          {
            title: 'Status',
            key: 'status',
            width: 100,
            render: (_, w) => <Tag color={STATUS_COLOR[w.status]}>{w.status === 'waiting' ? 'Waiting' : w.status === 'seen' ? 'Being seen' : 'Done'}</Tag>,
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 230,
            render: (_, w) => (
              <Space>
                {w.status === 'waiting' && (
                  <Button size="small" onClick={() => void change(w, { status: 'seen' })}>
                    Seen
                  </Button>
                )}
                {w.status !== 'done' && (
                  <Button size="small" type="primary" onClick={() => void change(w, { status: 'done' })}>
                    Done
                  </Button>
                )}
                {!w.client && w.status !== 'done' && <Link to="/contacts/contact/new">Create Contact</Link>}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
