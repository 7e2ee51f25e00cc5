import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { Link } from 'react-router-dom';
import { Alert, Avatar, Button, ConfigProvider, Input, Segmented, Select, Space, Table, Tag, theme, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleFilled, ClockCircleOutlined, PhoneOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { errorMessage, phoneApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import {
  CALL_LOG_PAGE_SIZES,
  CALL_MESSAGES,
  CALL_STATUS_LABELS,
  CALL_STATUSES,
  canReview,
  REVIEWABLE_STATUSES,
  type CallerVerification,
  type CallLogEntry,
  type CallLogView,
  type CallStatus,
} from '@agency/contracts';
import { CallRecording, formatDateTime, formatDuration, formatPhone, fullName, initials, useLiveQuery, useObservable } from '@agency/ui';
import { BlockNumberDialog } from './BlockNumberDialog';
import { CallerVerificationIcon } from '../verification/CallerVerificationIcon';
import { SimulatorLink } from '../simulator/SimulatorLink';

const VIEWS: Array<{ value: CallLogView; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  { value: 'missed', label: 'Missed' },
  { value: 'voicemails', label: 'Voicemails' },
  { value: 'recordings', label: 'Recordings' },
];

const STATUS_COLORS: Record<string, string> = {
  completed: 'green',
  'in-progress': 'blue',
  ringing: 'blue',
  missed: 'red',
  hangup: 'orange',
  'no-answer': 'orange',
  busy: 'orange',
  error: 'red',
  blocked: 'default',
};

const FORMAT_LABELS: Record<CallLogEntry['format'], string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
  transfer: 'Transfer',
  'transfer-external': 'Transfer (external)',
  voicemail: 'Voicemail',
};

const needsReview = (e: CallLogEntry) => (REVIEWABLE_STATUSES.includes(e.status) || e.format === 'voicemail') && !e.viewedBy;

function Party({
  number,
  name,
  clientId,
  onBlock,
  verification,
}: {
  number: string | null;
  name?: string | null;
  clientId?: string | null;
  onBlock?(number: string): void;
  verification?: CallerVerification | null;
}) {
  if (!number) return null;
  return (
    <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
      {name && (clientId ? <Link to={`/contacts/contact/${clientId}`}>{name}</Link> : <span>{name}</span>)}
      <span style={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography.Text
          type={name ? 'secondary' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums', fontSize: name ? 12 : undefined, whiteSpace: 'nowrap' }}
        >
          {formatPhone(number)}
        </Typography.Text>
        <CallerVerificationIcon verification={verification} />
        {onBlock && <BlockButton number={number} onBlock={onBlock} />}
      </span>
    </span>
  );
}

function BlockButton({ number, onBlock, label }: { number: string; onBlock(number: string): void; label?: string }) {
  return (
    <Tooltip title="Block Phone Number">
      <Button size="small" type="text" icon={<StopOutlined />} aria-label={`Block ${formatPhone(number)}`} onClick={() => onBlock(number)}>
        {label}
      </Button>
    </Tooltip>
  );
}

/** The call log (/phone-log): All, Mine, Missed (the default), Voicemails and Recordings, paged and filtered, with review marking and blocking. */
export function PhoneLogPage() {
  const { token } = theme.useToken();
  const session = useObservable(bus.session$);
  const me = session?.user.id ?? '';
  const [view, setView] = useState<CallLogView>('missed');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const [search, setSearch] = useState('');
  const [direction, setDirection] = useState<'incoming' | 'outgoing' | undefined>(undefined);
  const [status, setStatus] = useState<CallStatus | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<string | null>(null);
  // Calls moving on anywhere in the account (answered, missed, reviewed) bring a new work count.
  const callsMoved$ = useMemo(() => bus.on('phone_workCount'), []);
  const logs = useLiveQuery(
    () => {
      const query = { page, limit, phoneNumber: search || undefined };
      // Filters with no value are left out of the request; the Recordings view has its own call, without them.
      return view === 'recordings'
        ? phoneApi.recordings(query)
        : phoneApi.logs({ ...query, view, ...(direction ? { direction } : {}), ...(status ? { status } : {}) });
    },
    callsMoved$,
    [view, page, limit, search, direction, status],
  );
  const multiLocation = (session?.account.locationCount ?? 0) > 1;
  // Accounts with several locations see what waits for review at each: asked once, then as pushed (phone_location_workCount).
  const work = useLiveQuery(multiLocation ? () => phoneApi.workCount() : null);
  const pushed = useObservable(
    useMemo(() => bus.on('phone_location_workCount').pipe(map((e) => e.locations)), []),
    null,
  );
  const toReview = pushed ?? work.data?.locations ?? [];

  async function toggleReview(entry: CallLogEntry) {
    const reviewed = !entry.viewedBy;
    if (!(await bus.confirm(reviewed ? CALL_MESSAGES.markReviewed : CALL_MESSAGES.unmarkReviewed))) return;
    setBusy(entry.id);
    try {
      await phoneApi.review(entry.id, reviewed);
      logs.reload();
    } catch (err) {
      bus.toast({ kind: 'error', message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  const worked: ColumnsType<CallLogEntry>[number] = {
    key: 'worked',
    title: 'Worked',
    width: 72,
    render: (_, e) => {
      if (!REVIEWABLE_STATUSES.includes(e.status) && e.format !== 'voicemail') return null;
      const allowed = canReview(e, me);
      if (e.viewedBy) {
        const who = fullName(e.viewedBy);
        return (
          <Tooltip title={`Reviewed by ${who}${e.viewedOn ? ` on ${formatDateTime(e.viewedOn)}` : ''}`}>
            <Button
              size="small"
              type="text"
              icon={<CheckCircleFilled style={{ color: token.colorSuccess }} />}
              disabled={!allowed}
              loading={busy === e.id}
              onClick={() => void toggleReview(e)}
              aria-label={`Reviewed by ${who}`}
            >
              <span style={{ maxWidth: 28, overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.viewedBy.firstName}</span>
            </Button>
          </Tooltip>
        );
      }
      return (
        // the button's name in its tooltip: the column stays narrow enough for the log to fit at 1280
        <Tooltip title="Mark reviewed">
          <Button size="small" icon={<ClockCircleOutlined />} loading={busy === e.id} onClick={() => void toggleReview(e)} aria-label="Mark reviewed" />
        </Tooltip>
      );
    },
  };

  // Narrow enough that a page of 1280 (the side nav open) shows every column, Recording and Worked
  // too; narrower screens scroll inside the table, with the date pinned so the scroll shows.
  const columns: ColumnsType<CallLogEntry> = [
    { key: 'date', title: 'Date', width: 92, fixed: 'left', render: (_, e) => formatDateTime(e.createdAt) },
    ...(multiLocation ? [{ key: 'location', title: 'Location', width: 78, render: (_: unknown, e: CallLogEntry) => e.accountLocation?.name ?? '' }] : []),
    {
      key: 'direction',
      title: 'Direction',
      width: 92,
      render: (_, e) => (
        <Space size={4}>
          <PhoneOutlined rotate={e.direction === 'incoming' ? 180 : 0} aria-hidden />
          {e.format === 'voicemail'
            ? 'Voicemail'
            : e.format === 'transfer' || e.format === 'transfer-external'
              ? 'Transfer'
              : e.direction === 'incoming'
                ? 'Incoming'
                : 'Outgoing'}
        </Space>
      ),
    },
    {
      key: 'from',
      title: 'From',
      width: 124,
      render: (_, e) =>
        e.direction === 'incoming' ? (
          <Party number={e.phoneNumber} name={e.client?.name} clientId={e.client?.id} onBlock={setBlocking} verification={e.verification} />
        ) : (
          <Party number={e.agencyNumber} name={e.user ? fullName(e.user) : null} />
        ),
    },
    {
      key: 'to',
      title: 'To',
      width: 136,
      render: (_, e) =>
        e.direction === 'incoming' ? (
          <Party number={e.agencyNumber} />
        ) : (
          <Party number={e.phoneNumber} name={e.client?.name} clientId={e.client?.id} onBlock={setBlocking} />
        ),
    },
    {
      key: 'participants',
      title: 'Participants',
      width: 108,
      render: (_, e) =>
        e.conference ? (
          <Avatar.Group max={{ count: 3 }} size="small">
            {e.conference.participants.map((p, i) => {
              const name = p.user ? fullName(p.user) : formatPhone(p.phoneNumber ?? '');
              return (
                <Tooltip key={i} title={`${name} · ${formatDuration(p.duration)}`}>
                  <Avatar size="small" src={p.user?.avatar ?? undefined} icon={p.user ? undefined : <UserOutlined />} aria-label={name}>
                    {p.user ? initials(p.user) : null}
                  </Avatar>
                </Tooltip>
              );
            })}
          </Avatar.Group>
        ) : e.user ? (
          <Tooltip title={fullName(e.user)}>
            <Avatar size="small" src={e.user.avatar ?? undefined} aria-label={fullName(e.user)}>
              {initials(e.user)}
            </Avatar>
          </Tooltip>
        ) : null,
    },
    {
      key: 'status',
      title: 'Status',
      width: 84,
      render: (_, e) => (
        <Tooltip title={e.errorMessage ?? undefined}>
          <Tag color={STATUS_COLORS[e.status]}>{CALL_STATUS_LABELS[e.status]}</Tag>
        </Tooltip>
      ),
    },
    { key: 'duration', title: 'Duration', width: 80, render: (_, e) => (e.callDuration ? formatDuration(e.callDuration) : '—') },
    {
      key: 'recording',
      title: 'Recording',
      width: 94,
      render: (_, e) => <CallRecording call={e} onDeleted={logs.reload} />,
    },
    worked,
  ];

  // The Recordings view (spec 001 "Call log"): Date, Client, Tags, Format, Duration, Recording, Worked, Action.
  const recordingColumns: ColumnsType<CallLogEntry> = [
    { key: 'date', title: 'Date', width: 140, render: (_, e) => formatDateTime(e.createdAt) },
    {
      key: 'client',
      title: 'Client',
      render: (_, e) => <Party number={e.phoneNumber} name={e.client?.name} clientId={e.client?.id} verification={e.verification} />,
    },
    { key: 'tags', title: 'Tags', width: 80, render: (_, e) => (e.client ? e.tags : '—') },
    { key: 'format', title: 'Format', width: 120, render: (_, e) => FORMAT_LABELS[e.format] },
    { key: 'duration', title: 'Duration', width: 90, render: (_, e) => formatDuration(e.recording?.duration ?? e.callDuration) },
    { key: 'recording', title: 'Recording', width: 105, render: (_, e) => <CallRecording call={e} onDeleted={logs.reload} /> },
    worked,
    { key: 'action', title: 'Action', width: 100, render: (_, e) => <BlockButton number={e.phoneNumber} onBlock={setBlocking} label="Block" /> },
  ];

  const data = logs.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          Call log
        </Typography.Title>
        <SimulatorLink to="/phone-log/simulator">Call simulator</SimulatorLink>
        <Input.Search
          aria-label="Phone number contains"
          placeholder="Phone number contains"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setSearch(v.replace(/\D/g, ''));
            setPage(1);
          }}
        />
        {view !== 'recordings' && (
          <>
            <Select<'any' | 'incoming' | 'outgoing'>
              aria-label="Direction"
              style={{ width: 150 }}
              value={direction ?? 'any'}
              onChange={(v) => {
                setDirection(v === 'any' ? undefined : v);
                setPage(1);
              }}
              options={[
                { value: 'any', label: 'Any direction' },
                { value: 'incoming', label: 'Incoming' },
                { value: 'outgoing', label: 'Outgoing' },
              ]}
            />
            <Select<'any' | CallStatus>
              aria-label="Status"
              style={{ width: 150 }}
              value={status ?? 'any'}
              onChange={(v) => {
                setStatus(v === 'any' ? undefined : v);
                setPage(1);
              }}
              options={[{ value: 'any' as const, label: 'Any status' }, ...CALL_STATUSES.map((s) => ({ value: s, label: CALL_STATUS_LABELS[s] }))]}
            />
          </>
        )}
        <Segmented<CallLogView>
          aria-label="Calls to show"
          options={VIEWS}
          value={view}
          onChange={(v) => {
            setView(v);
            setPage(1);
          }}
        />
      </div>
      {multiLocation && toReview.length > 0 && (
        <div
          role="group"
          aria-label="Calls to review by location"
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, marginBottom: 12 }}
        >
          <Typography.Text type="secondary">To review:</Typography.Text>
          {toReview.map((l) => (
            <Tag key={l.locationId} color="red" variant="outlined">
              {l.name} · {l.count}
            </Tag>
          ))}
        </div>
      )}
      {logs.error ? (
        <Alert
          type="error"
          showIcon
          title={view === 'recordings' ? CALL_MESSAGES.recordingsFailed(errorMessage(logs.error)) : `Unable to load calls: ${errorMessage(logs.error)}`}
          action={<Button onClick={logs.reload}>Retry</Button>}
        />
      ) : null}
      {/* cells a little tighter than antd's, so every column of the log fits at 1280 with the side nav open */}
      <ConfigProvider theme={{ components: { Table: { cellPaddingInlineMD: 6 } } }}>
        <Table<CallLogEntry>
          rowKey="id"
          size="middle"
          columns={view === 'recordings' ? recordingColumns : columns}
          dataSource={data?.items ?? []}
          loading={logs.loading && !data}
          onRow={(e) => (needsReview(e) ? { style: { background: token.colorErrorBg } } : {})}
          locale={{
            emptyText: { missed: 'No missed calls', voicemails: 'No voicemails', recordings: 'No recordings', all: 'No calls yet', mine: 'No calls yet' }[view],
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: CALL_LOG_PAGE_SIZES.map(String),
            onChange: (p, size) => {
              setPage(size !== limit ? 1 : p);
              setLimit(size);
            },
            showTotal: (total) => `${total} ${total === 1 ? 'call' : 'calls'}`,
          }}
          // An empty log has nothing to scroll to (and a scrolling area with nothing to focus cannot be scrolled from the keyboard).
          scroll={data?.items.length ? { x: view === 'recordings' ? 950 : multiLocation ? 960 : 882 } : undefined}
        />
      </ConfigProvider>
      <BlockNumberDialog phoneNumber={blocking} onClose={() => setBlocking(null)} />
    </div>
  );
}
