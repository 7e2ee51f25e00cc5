import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { ClientSummary } from '@agency/contracts';
import { durationSince, formatCents, initials, lastContactLabel } from '@agency/ui';

export type SummaryAction = 'location' | 'managedBy' | 'referredBy';

function Item({ title, children, onEdit, editLabel }: { title: string; children: ReactNode; onEdit?: () => void; editLabel?: string }) {
  return (
    <div style={{ minWidth: 120 }} data-testid={`summary-${title}`}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {title}
        {onEdit ? (
          <Tooltip title={editLabel}>
            <Button type="link" size="small" icon={<EditOutlined />} aria-label={editLabel} onClick={onEdit} style={{ height: 18 }} />
          </Tooltip>
        ) : null}
      </Typography.Text>
      <div style={{ fontSize: 16, fontWeight: 500 }}>{children}</div>
    </div>
  );
}

/** Location (with more than one), Policies, Policy Premiums, Last Contact, Length Of Service, Managed By, Referred By. */
export function SummaryStrip({ summary, showLocation, onAction }: { summary: ClientSummary; showLocation: boolean; onAction: (a: SummaryAction) => void }) {
  return (
    <Card size="small" styles={{ body: { padding: '8px 16px' } }}>
      <Flex wrap gap={24} align="center">
        {showLocation ? (
          <Item title="Location" onEdit={() => onAction('location')} editLabel="Update Default Location">
            {summary.location ? (
              <Tag icon={<EnvironmentOutlined />} color="geekblue" style={{ fontSize: 14, marginInlineEnd: 0 }}>
                {summary.location}
              </Tag>
            ) : (
              '-'
            )}
          </Item>
        ) : null}
        <Item title="Policies">{summary.policies}</Item>
        <Item title="Policy Premiums">{formatCents(summary.policyPremiums)}</Item>
        <Item title="Last Contact">{lastContactLabel(summary.lastContact)}</Item>
        <Item title="Length Of Service">{durationSince(summary.createdAt)}</Item>
        <Item title="Managed By" onEdit={() => onAction('managedBy')} editLabel="Assign To">
          {summary.managedBy ? (
            <span>
              <Avatar size="small" src={summary.managedBy.avatar ?? undefined} style={{ marginRight: 6 }}>
                {initials(summary.managedBy)}
              </Avatar>
              {summary.managedBy.firstName}
            </span>
          ) : (
            '-'
          )}
        </Item>
        <Item title="Referred By" onEdit={() => onAction('referredBy')} editLabel="Referred By">
          {summary.referredBy ? <Link to={`/contacts/contact/${summary.referredBy.id}`}>{summary.referredBy.name}</Link> : '-'}
        </Item>
      </Flex>
    </Card>
  );
}
