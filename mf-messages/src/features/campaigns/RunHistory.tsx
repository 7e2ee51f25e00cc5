import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Skeleton, Table, Tag, Tooltip } from 'antd';
import { campaignsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { CAMPAIGN_MESSAGES, campaignPhone, type CampaignLog, type CampaignLogDetail } from '@agency/contracts';
import { useLiveQuery } from '@agency/ui';
import { formatInZone } from './schedule';

const STATUS_COLOR: Record<CampaignLogDetail['status'], string> = {
  queued: 'default',
  held: 'gold',
  sent: 'blue',
  delivered: 'green',
  undelivered: 'red',
  failed: 'red',
  skipped: 'orange',
};
/** A recipient's result in words. */
const STATUS_LABEL: Record<CampaignLogDetail['status'], string> = {
  queued: 'Queued',
  held: 'Held',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  skipped: 'Skipped',
};
const RUN_COLOR: Record<CampaignLog['status'], string> = { running: 'processing', done: 'success', stopped: 'warning' };

/** One run's people: who was texted, how it went, and why someone was not. */
function RunDetails({ campaignId, runDate, onFail }: { campaignId: string; runDate: string; onFail(): void }) {
  const details = useLiveQuery(() => campaignsApi.logDetails(campaignId, runDate), null, [campaignId, runDate]);
  const rows = details.data ?? null;
  const failed = useRef(onFail);
  failed.current = onFail;
  useEffect(() => {
    if (details.error) failed.current();
  }, [details.error]);
  return (
    <Table<CampaignLogDetail>
      size="small"
      rowKey={(r, i) => `${r.client?.id ?? 'none'}-${r.phoneNumber}-${i}`}
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={rows && rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      aria-label="Run details"
      locale={{ emptyText: 'Nobody was due a text on this run' }}
      columns={[
        {
          title: 'Client',
          key: 'client',
          render: (_, r) => (r.client ? <Link to={`/contacts/contact/${r.client.id}`}>{r.client.name || 'Unnamed'}</Link> : 'Removed client'),
        },
        { title: 'Phone', key: 'phone', width: 170, render: (_, r) => (r.phoneNumber ? campaignPhone(r.phoneNumber) : '—') },
        { title: 'Status', key: 'status', width: 120, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{STATUS_LABEL[r.status] ?? r.status}</Tag> },
        { title: 'Comment', dataIndex: 'comment', key: 'comment' },
      ]}
    />
  );
}

/** A campaign's runs (5 skeleton rows while loading), each expanding to its people; live while a run is going. */
export function RunHistory({ campaignId, timezone }: { campaignId: string; timezone: string }) {
  const [runs, setRuns] = useState<CampaignLog[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const failures = useRef(0);

  useEffect(() => {
    let live = true;
    const load = () =>
      campaignsApi.logs(campaignId).then(
        (r) => {
          if (!live) return;
          failures.current = 0;
          setRuns(r);
          setError(null);
        },
        () => {
          if (!live) return;
          failures.current += 1;
          setError(failures.current > 3 ? CAMPAIGN_MESSAGES.historyFailedSupport : CAMPAIGN_MESSAGES.historyFailed);
          setRuns((r) => r ?? []);
        },
      );
    void load();
    const sub = bus.on('campaigns_update').subscribe(({ id }) => id === campaignId && void load());
    return () => {
      live = false;
      sub.unsubscribe();
    };
  }, [campaignId]);

  const collapse = (runDate: string) => {
    setExpanded((e) => e.filter((k) => k !== runDate));
    setError(CAMPAIGN_MESSAGES.historyDetailsFailed);
  };

  if (runs === null) return <Skeleton active title={false} paragraph={{ rows: 5 }} data-testid="run-history-loading" />;
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Table<CampaignLog>
        size="small"
        rowKey="runDate"
        dataSource={runs}
        pagination={runs.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: 'This campaign has not run yet' }}
        aria-label="Run history"
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys as string[]),
          expandedRowRender: (run) => <RunDetails campaignId={campaignId} runDate={run.runDate} onFail={() => collapse(run.runDate)} />,
        }}
        columns={[
          { title: 'Run Date', key: 'runDate', render: (_, r) => formatInZone(r.runDate, timezone) },
          { title: 'Successful', dataIndex: 'successful', key: 'successful', width: 120 },
          {
            title: <Tooltip title="Waiting here for the end of quiet hours (21:00-8:00) or their turn to go">Held</Tooltip>,
            dataIndex: 'held',
            key: 'held',
            width: 100,
            render: (held?: number) => held ?? 0,
          },
          { title: 'Failed', dataIndex: 'failed', key: 'failed', width: 120 },
          {
            title: 'Status',
            key: 'status',
            width: 120,
            render: (_, r) => <Tag color={RUN_COLOR[r.status]}>{r.status === 'running' ? 'Running' : r.status === 'done' ? 'Done' : 'Stopped'}</Tag>,
          },
        ]}
      />
    </>
  );
}
