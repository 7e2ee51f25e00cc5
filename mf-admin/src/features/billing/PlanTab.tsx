import { Card, Descriptions, Divider, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { ordinal, type Subscription } from '@agency/contracts';
import { COLLECTION_METHODS, methodName, priceKind, subscriptionStatusLabel, tierPrice, tierRange, unitPrice } from './format';

const STATUS_COLORS: Record<string, string> = { active: 'green', trialing: 'blue', past_due: 'red', unpaid: 'red', canceled: 'default' };

/** Plan: the subscription's nickname, status, how it is paid, its cycle day and each price. */
export function PlanTab({ subscription, loading }: { subscription: Subscription | null; loading: boolean }) {
  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!subscription) return <Empty description="This account has no plan yet." />;
  const cycleDay = subscription.billing_cycle_anchor ? new Date(subscription.billing_cycle_anchor * 1000).getUTCDate() : null;
  const pm = subscription.default_payment_method;
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <span>{subscription.nickname || 'Plan'}</span>
          <Tag color={STATUS_COLORS[subscription.status] ?? 'default'}>{subscriptionStatusLabel(subscription.status)}</Tag>
        </Flex>
      }
      style={{ maxWidth: 760 }}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Payment">
          {pm ? <Tag>{methodName(pm)}</Tag> : (COLLECTION_METHODS[subscription.collection_method] ?? subscription.collection_method)}
        </Descriptions.Item>
        <Descriptions.Item label="Billing cycle day">{ordinal(cycleDay)}</Descriptions.Item>
      </Descriptions>
      <ul aria-label="Plan items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {subscription.items.data.map((item, index) => {
          const { price } = item;
          return (
            <li key={item.id}>
              {index > 0 && <Divider style={{ margin: '12px 0' }} />}
              <Flex justify="space-between" align="baseline" gap={16} wrap>
                <Typography.Text strong>{price.product.name}</Typography.Text>
                <Typography.Text type="secondary">{priceKind(price)}</Typography.Text>
              </Flex>
              {price.billing_scheme === 'tiered' && price.tiers ? (
                <table aria-label={`${price.product.name} tiers`} style={{ width: '100%', marginTop: 8, borderCollapse: 'collapse' }}>
                  <tbody>
                    {price.tiers.map((tier, i) => (
                      <tr key={i}>
                        <td style={{ padding: '2px 0', width: 120 }}>
                          <Typography.Text type="secondary">{i === 0 && tier.flat_amount ? 'Committed' : 'On demand'}</Typography.Text>
                        </td>
                        <td style={{ padding: '2px 0' }}>{tierRange(price.tiers!, i)}</td>
                        <td style={{ padding: '2px 0', textAlign: 'right' }}>{tierPrice(tier)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <Typography.Paragraph style={{ margin: '4px 0 0' }}>
                  {unitPrice(price)}
                  {item.quantity && item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </Typography.Paragraph>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
