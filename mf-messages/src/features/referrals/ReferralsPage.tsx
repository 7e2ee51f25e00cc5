import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import type { ReferralRow } from '@agency/contracts';
import { referralsApi } from '@agency/api-client';
import { notifyError } from '@agency/ui';
import { Pager } from '../reports/Pager';
import { usePagedList } from '../reports/usePagedList';

export const REFERRALS_EMPTY = 'No referrals found';
export const REFERRALS_FAILED = 'Unable to get referrals';

const columns: TableColumnsType<ReferralRow> = [
  { key: 'aflliateOn', title: 'Referral Date', width: 140, render: (_, r) => r.aflliateOn ?? '' },
  { key: 'affliateVia', title: 'Via', width: 160, render: (_, r) => r.affliateVia ?? '' },
  {
    key: 'referral',
    title: 'Referral',
    render: (_, r) => (r.affliateContact ? <Link to={`/contacts/contact/${r.affliateContact.id}`}>{r.affliateContact.name}</Link> : ''),
  },
  { key: 'referred', title: 'Referred', render: (_, r) => r.name },
  {
    key: 'view',
    width: 120,
    align: 'right',
    render: (_, r) => (
      <Link to={`/contacts/contact/${r.id}`} aria-label={`View Client ${r.name}`}>
        View Client
      </Link>
    ),
  },
];

/** /report/referrals: clients who came through a referral, latest first, a page at a time (the total is not counted). */
export function ReferralsPage() {
  const fetchPage = useCallback((page: number, limit: number) => referralsApi.list({ page, limit }), []);
  const onError = useCallback(() => notifyError(REFERRALS_FAILED), []);
  const list = usePagedList(fetchPage, onError);
  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }} data-testid="referrals-page">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 16 }}>
        Referrals
      </Typography.Title>
      <Card size="small">
        <Table<ReferralRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows ?? []}
          loading={list.rows === null || list.loading}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={REFERRALS_EMPTY} /> }}
          aria-label="Referrals"
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
    </div>
  );
}
