import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import BellOutlined from '@ant-design/icons/BellOutlined';
import type { ChatRoom } from '@agency/contracts';
import { CHAT_LIMITS, roomDisplayTitle } from '@agency/contracts';
import { AvatarStack } from './people';

const canAskNotifications = () => typeof Notification !== 'undefined' && Notification.permission === 'default';

/** The room's title, its members and who has seen its latest message. */
export function RoomHeader({ room, me }: { room: ChatRoom | undefined; me: string }) {
  const [ask, setAsk] = useState(canAskNotifications);
  const seenBy = room ? room.users.filter((u) => u.id !== me && room.viewedBy.includes(u.id)) : [];
  return (
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 16px', borderBottom: '1px solid rgba(128,128,128,0.2)', flexWrap: 'wrap' }}>
      <Typography.Title level={4} style={{ margin: 0, flex: 1, minWidth: 160 }} ellipsis>
        {room ? roomDisplayTitle(room, me) : 'Team chat'}
      </Typography.Title>
      {room && (
        <Space size={16} wrap>
          <Space size={6}>
            <Typography.Text type="secondary">Members</Typography.Text>
            <AvatarStack users={room.users} max={CHAT_LIMITS.headerAvatars} label="Members" />
          </Space>
          {seenBy.length > 0 && (
            <Space size={6}>
              <Typography.Text type="secondary">Viewed by</Typography.Text>
              <AvatarStack users={seenBy} max={CHAT_LIMITS.headerAvatars} label="Viewed by" />
            </Space>
          )}
        </Space>
      )}
      {ask && (
        <Button size="small" icon={<BellOutlined />} onClick={() => void Notification.requestPermission().then(() => setAsk(canAskNotifications()))}>
          Enable desktop notifications
        </Button>
      )}
    </header>
  );
}
