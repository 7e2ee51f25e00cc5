import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Button, Skeleton, Space, Tooltip, Typography, theme } from 'antd';
import { PhoneOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { ClientListItem } from '@agency/contracts';
import { formatPhone, initials } from '@agency/ui';
import { coDisplayName, displayName } from './names';

export const ROW_HEIGHT = 60;

export interface RowActions {
  onCall: (row: ClientListItem) => void;
  onFavorite: (row: ClientListItem, favorite: boolean) => void;
}

/** One contact row: avatar, names, phone and email, with call and favorite actions. */
export const ContactRow = memo(function ContactRow({ row, style, actions }: { row: ClientListItem | undefined; style: CSSProperties; actions: RowActions }) {
  const { token } = theme.useToken();
  const box: CSSProperties = {
    ...style,
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: '0 12px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    boxSizing: 'border-box',
  };
  if (!row) {
    return (
      <div style={box} aria-busy="true">
        <Skeleton avatar={{ size: 36 }} title={false} paragraph={{ rows: 1, width: '40%' }} active />
      </div>
    );
  }
  const name = displayName(row);
  const co = coDisplayName(row);
  const phone = row.mobilePhone || row.phone || row.coMobilePhone;
  return (
    <div style={box} data-testid="contact-row">
      <Avatar style={{ background: token.colorPrimary, flex: 'none' }}>{initials({ firstName: row.firstName ?? row.companyName, lastName: row.lastName })}</Avatar>
      <Link to={`/contacts/contact/${row.id}`} style={{ flex: 1, minWidth: 0, color: 'inherit' }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {name}
          {co ? <Typography.Text type="secondary"> &amp; {co}</Typography.Text> : null}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {[row.companyName && row.companyName !== name ? row.companyName : null, formatPhone(phone), row.email].filter(Boolean).join(' · ') || '\u00a0'}
        </Typography.Text>
      </Link>
      <Space size={4} style={{ flex: 'none' }}>
        {phone ? (
          <Tooltip title="Call">
            <Button type="text" shape="circle" icon={<PhoneOutlined />} aria-label={`Call ${name}`} onClick={() => actions.onCall(row)} />
          </Tooltip>
        ) : null}
        {row.isFavorite ? (
          <Tooltip title="Unfavorite">
            <Button
              type="text"
              shape="circle"
              icon={<StarFilled style={{ color: token.colorWarning }} />}
              aria-label={`Unfavorite ${name}`}
              onClick={() => actions.onFavorite(row, false)}
            />
          </Tooltip>
        ) : (
          <Tooltip title="Favorite">
            <Button type="text" shape="circle" icon={<StarOutlined />} aria-label={`Favorite ${name}`} onClick={() => actions.onFavorite(row, true)} />
          </Tooltip>
        )}
      </Space>
    </div>
  );
});
