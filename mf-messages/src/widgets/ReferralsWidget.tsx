import { Link } from 'react-router-dom';
import { Card, Col, Empty, Row, Tooltip, Typography, theme } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { ReferralAggregate } from '@agency/contracts';
import { referralsApi } from '@agency/api-client';
import { formatDateTime, useLiveQuery } from '@agency/ui';

export const REFERRALS_WIDGET_FAILED = 'Unable to get referrals';
export const TOP_TITLE = 'Top 10 Client Referrals';

function Series({ title, series }: { title: string; series: ReferralAggregate['allTime'] }) {
  const total = series.values.reduce((a, b) => a + b, 0);
  return (
    <div aria-label={title} role="group">
      <Typography.Text strong>
        {title}: {total}
      </Typography.Text>
      {series.labels.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          None
        </Typography.Paragraph>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
          {series.labels.map((label, i) => (
            <li key={label} style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Typography.Text type="secondary">{label}</Typography.Text>
              <Typography.Text>{series.values[i]}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The dashboard's Referrals widget: referrals by source all time and this month, and the clients who referred the most. */
export function ReferralsWidget() {
  const { token } = theme.useToken();
  const aggregate = useLiveQuery<ReferralAggregate>(() => referralsApi.aggregate());
  const data = aggregate.data ?? null;
  const failed = !!aggregate.error;
  return (
    <Card title="Referrals" size="small" extra={<Link to="/report/referrals">View report</Link>} data-testid="referrals-widget" loading={!data && !failed}>
      {failed || !data ? (
        <Typography.Text type="danger">{REFERRALS_WIDGET_FAILED}</Typography.Text>
      ) : (
        <Row gutter={[16, 12]}>
          <Col xs={12}>
            <Series title="All Time" series={data.allTime} />
          </Col>
          <Col xs={12}>
            <Series title="This Month" series={data.thisMonth} />
          </Col>
          <Col xs={24}>
            <Typography.Text strong>
              {TOP_TITLE}{' '}
              <Tooltip title="Top 5">
                <InfoCircleOutlined aria-label="About the top client referrals" />
              </Tooltip>
            </Typography.Text>
            {data.topClients.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No client referrals yet" />
            ) : (
              <ol aria-label={TOP_TITLE} style={{ padding: 0, margin: '4px 0 8px', listStyle: 'none' }}>
                {data.topClients.map((t) => (
                  <li
                    key={t.client.id}
                    style={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      gap: 8,
                      padding: '4px 0',
                      borderBottom: `1px solid ${token.colorBorderSecondary}`,
                    }}
                  >
                    <Link to={`/contacts/contact/${t.client.id}`}>{t.client.name}</Link>
                    <Typography.Text>{t.count}</Typography.Text>
                  </li>
                ))}
              </ol>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              As of {formatDateTime(data.asOf)}
            </Typography.Text>
          </Col>
        </Row>
      )}
    </Card>
  );
}
