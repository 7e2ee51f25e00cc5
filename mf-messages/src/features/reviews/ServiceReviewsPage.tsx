import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Button, Card, Empty, Flex, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CONTACT_MESSAGES, REVIEW_MESSAGES, type Review } from '@agency/contracts';
import { bus } from '@agency/bus';
import { reviewsApi } from '@agency/api-client';
import { formatDate, fullName, initials, notifyError, Stars, useObservable } from '@agency/ui';
import { Pager } from '../reports/Pager';
import { usePagedList } from '../reports/usePagedList';
import { ReviewTotalsBar } from './ReviewTotalsBar';
import { RequestReviewDialog } from './RequestReviewDialog';
import { reviewClientName } from './reviewNames';
import { useReviewTotals } from './useReviewTotals';

/** The catalogue's wording for a reviews list that failed to load. */
const LOAD_FAILED = CONTACT_MESSAGES.reviewsLoadFailed;

const columns: TableColumnsType<Review> = [
  { key: 'createdAt', title: 'Requested On', width: 130, render: (_, r) => formatDate(r.createdAt) },
  {
    key: 'requestedBy',
    title: 'Requested By',
    width: 200,
    render: (_, r) =>
      r.requestedBy ? (
        <Space>
          <Avatar size="small" src={r.requestedBy.avatar ?? undefined}>
            {initials(r.requestedBy)}
          </Avatar>
          {fullName(r.requestedBy)}
        </Space>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
  },
  { key: 'client', title: 'Client', width: 180, render: (_, r) => reviewClientName(r) },
  { key: 'rating', title: 'Rating', width: 150, render: (_, r) => <Stars rating={r.rating} /> },
  { key: 'feedback', title: 'Feedback', render: (_, r) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.feedback ?? ''}</Typography.Text> },
  {
    key: 'view',
    width: 120,
    align: 'right',
    render: (_, r) => (
      <Link to={`/contacts/contact/${r.client.id}`} aria-label={`View Client ${reviewClientName(r)}`}>
        View Client
      </Link>
    ),
  },
];

/** /report/service-reviews: the account's review requests and answers, a page at a time, with the totals above. */
export function ServiceReviewsPage() {
  const session = useObservable(bus.session$);
  const [requesting, setRequesting] = useState(false);
  const [version, setVersion] = useState(0);
  const totals = useReviewTotals(version);
  const fetchPage = useCallback((page: number, limit: number) => reviewsApi.list({ page, limit }), []);
  const onError = useCallback(() => notifyError(LOAD_FAILED), []);
  const list = usePagedList(fetchPage, onError);
  const { reload } = list;
  const requested = useCallback(() => {
    reload();
    setVersion((v) => v + 1);
  }, [reload]);
  const canRequest = session?.account.serviceReviewEnabled ?? false;

  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }} data-testid="service-reviews-page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Service Reviews
        </Typography.Title>
        {canRequest ? (
          <Button type="primary" onClick={() => setRequesting(true)}>
            Request Service Review
          </Button>
        ) : null}
      </Flex>
      <ReviewTotalsBar totals={totals} />
      <Card size="small" style={{ marginTop: 16 }}>
        <Table<Review>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows ?? []}
          loading={list.rows === null || list.loading}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={REVIEW_MESSAGES.empty} /> }}
          aria-label="Service reviews"
        />
        <Pager
          page={list.page}
          pageSize={list.pageSize}
          shown={list.rows?.length ?? 0}
          loading={list.loading}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      </Card>
      <RequestReviewDialog open={requesting} onClose={() => setRequesting(false)} onRequested={requested} />
    </div>
  );
}
