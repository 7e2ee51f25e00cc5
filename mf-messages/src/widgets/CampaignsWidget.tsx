import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Flex, Skeleton, Space, Statistic } from 'antd';
import { campaignsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { campaignSuccessPercent, type CampaignSummary } from '@agency/contracts';
import { FeedbackBridge, useLiveQuery } from '@agency/ui';

/** The dashboard's Campaigns summary (spec 000 §2, widget 7): count, sent, delivered and success %, with View and Create. */
export function CampaignsWidget() {
  const navigate = useNavigate();
  const updates$ = useMemo(() => bus.on('campaigns_update'), []);
  const latest = useLiveQuery<CampaignSummary>(() => campaignsApi.summary(), updates$);
  const summary = latest.data ?? null;
  const failed = !!latest.error;
  const value = (n: number | undefined) => (failed ? '-' : (n ?? 0));
  return (
    <Card
      title="Campaigns"
      size="small"
      data-testid="campaigns-widget"
      extra={
        <Space size={4}>
          <Button size="small" onClick={() => navigate('/campaigns')}>
            View
          </Button>
          <Button size="small" type="primary" onClick={() => navigate('/campaigns/create')}>
            Create
          </Button>
        </Space>
      }
    >
      <FeedbackBridge />
      {!summary && !failed ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : (
        <Flex justify="space-around" wrap gap={12}>
          <Statistic title="Active" value={value(summary?.count)} />
          <Statistic title="Sent" value={value(summary?.sent)} />
          <Statistic title="Delivered" value={value(summary?.delivered)} />
          <Statistic title="Success" value={failed || !summary ? '-' : `${campaignSuccessPercent(summary)}%`} />
        </Flex>
      )}
    </Card>
  );
}
