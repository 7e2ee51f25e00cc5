import { lazy, Suspense, useState, type ReactNode } from 'react';
import { interval } from 'rxjs';
import { Badge, Button, Card, Empty, Space, Typography } from 'antd';
import { FOLLOWUP_BUCKETS, type FollowUp, type FollowUpBucket, type FollowUpCounts } from '@agency/contracts';
import { useLiveQuery } from './live';

export const BUCKET_LABELS: Record<FollowUpBucket, string> = { pastDue: 'Past Due', today: 'Today', tomorrow: 'Tomorrow', future: 'Future' };
// Loaded when a bucket first opens: react-window, which no first screen draws (the buckets start closed).
const BucketList = lazy(() => import('./BucketList'));
/** The counts catch up once a minute. */
const everyMinute$ = interval(60_000);

interface Props {
  title: string;
  testId: string;
  /** What a bucket's rows are called in its empty state ('follow ups', 'scheduled messages'). */
  noun: string;
  counts(): Promise<FollowUpCounts>;
  bucket(b: FollowUpBucket): Promise<FollowUp[]>;
  row(f: FollowUp, pastDue: boolean): ReactNode;
  /** Anything else the card holds (warnings, a feedback bridge). */
  children?: ReactNode;
}

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.');

/**
 * A dashboard widget of follow-up buckets (spec 000 §2, Follow Up and Scheduled Messages): Past
 * Due (red), Today, Tomorrow, Future with their counts; a click opens a bucket's list, a second
 * closes it.
 */
export function BucketWidget({ title, testId, noun, counts, bucket, row, children }: Props) {
  const totals = useLiveQuery(counts, everyMinute$);
  const [open, setOpen] = useState<FollowUpBucket | null>(null);
  const opened = useLiveQuery(open ? () => bucket(open).then((list) => ({ bucket: open, list })) : null, null, open);
  const failure = opened.error ?? totals.error;
  const error = failure ? errorText(failure) : null;
  // The open bucket's rows (never another bucket's while the new one loads); none when it failed.
  const items = opened.error ? [] : opened.data?.bucket === open ? opened.data.list : null;
  return (
    <Card title={title} size="small" data-testid={testId}>
      {children}
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
            {BUCKET_LABELS[b]} <Badge count={totals.data?.[b] ?? 0} showZero color={b === 'pastDue' ? 'red' : 'blue'} />
          </Button>
        ))}
      </Space>
      {open ? (
        <div style={{ marginTop: 12 }}>
          {items === null ? (
            <Typography.Text role="status">Loading...</Typography.Text>
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${BUCKET_LABELS[open].toLowerCase()} ${noun}`} />
          ) : (
            <Suspense fallback={<Typography.Text role="status">Loading...</Typography.Text>}>
              <BucketList items={items} pastDue={open === 'pastDue'} render={row} />
            </Suspense>
          )}
        </div>
      ) : null}
    </Card>
  );
}
