import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { List, type RowComponentProps } from 'react-window';
import { Badge, Button, Card, Empty, Space, Typography, theme } from 'antd';
import { FOLLOWUP_BUCKETS, type FollowUp, type FollowUpBucket, type FollowUpCounts } from '@agency/contracts';
import { errorMessage, followUpsApi } from '@agency/api-client';
import { formatDateTime } from '@agency/ui';
import { FeedbackBridge } from '../features/common/FeedbackBridge';
import { PastDueWarnings } from '../features/followups/PastDueWarnings';

export const BUCKET_LABELS: Record<FollowUpBucket, string> = { pastDue: 'Past Due', today: 'Today', tomorrow: 'Tomorrow', future: 'Future' };
const ROW = 60;

function Row({ index, style, items, danger }: RowComponentProps<{ items: FollowUp[]; danger: boolean }>) {
  const { token } = theme.useToken();
  const f = items[index];
  const box: CSSProperties = { ...style, padding: '6px 8px', boxSizing: 'border-box', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <div style={box} data-testid="widget-followup">
      <Typography.Text type={danger ? 'danger' : undefined} style={{ fontSize: 12, display: 'block' }}>
        {formatDateTime(f.date)}
        {f.client ? (
          <>
            {' · '}
            <Link to={`/contacts/contact/${f.client}`}>{f.clientName ?? 'Contact'}</Link>
          </>
        ) : null}
      </Typography.Text>
      <Typography.Text ellipsis style={{ display: 'block', color: danger ? token.colorError : undefined }}>
        {f.note || '\u00a0'}
      </Typography.Text>
    </div>
  );
}

/** The dashboard's Follow Up widget: Past Due (red), Today, Tomorrow, Future; a bucket's list toggles open. */
export function FollowUpWidget() {
  const [counts, setCounts] = useState<FollowUpCounts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<FollowUpBucket | null>(null);
  const [items, setItems] = useState<FollowUp[] | null>(null);
  const loadCounts = useCallback(() => {
    followUpsApi
      .counts()
      .then((c) => {
        setCounts(c);
        setError(null);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);
  useEffect(() => {
    loadCounts();
    const t = setInterval(loadCounts, 60_000);
    return () => clearInterval(t);
  }, [loadCounts]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setItems(null);
    followUpsApi
      .bucket(open)
      .then((list) => live && setItems(list))
      .catch((err: unknown) => {
        if (!live) return;
        setError(errorMessage(err));
        setItems([]);
      });
    return () => {
      live = false;
    };
  }, [open]);
  return (
    <Card title="Follow Up" size="small" data-testid="followup-widget">
      <FeedbackBridge />
      <PastDueWarnings />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      <Space wrap>
        {FOLLOWUP_BUCKETS.map((b) => (
          <Button
            key={b}
            type={open === b ? 'primary' : 'default'}
            danger={b === 'pastDue'}
            aria-expanded={open === b}
            onClick={() => setOpen((cur) => (cur === b ? null : b))}
            data-testid={`bucket-${b}`}
          >
            {BUCKET_LABELS[b]} <Badge count={counts?.[b] ?? 0} showZero color={b === 'pastDue' ? 'red' : 'blue'} />
          </Button>
        ))}
      </Space>
      {open ? (
        <div style={{ marginTop: 12 }}>
          {items === null ? (
            <Typography.Text role="status">Loading...</Typography.Text>
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${BUCKET_LABELS[open].toLowerCase()} follow ups`} />
          ) : (
            <List rowComponent={Row} rowCount={items.length} rowHeight={ROW} overscanCount={5} rowProps={{ items, danger: open === 'pastDue' }} style={{ height: Math.min(items.length * ROW, 300) }} />
          )}
        </div>
      ) : null}
    </Card>
  );
}
