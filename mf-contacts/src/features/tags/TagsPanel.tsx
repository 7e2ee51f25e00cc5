import { Button, Divider, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { CloseOutlined, TagsOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Activity } from '@agency/contracts';
import { activityApi } from '@agency/api-client';
import { fullName, shortTimestamp, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { LinksList } from '../links/LinksList';
import { FollowUpList } from '../followups/FollowUpList';
import { LaneProgress } from '../tasks/LaneProgress';

/** The right side Tags tab: links, sticky notes, assigned tags, task-board lane progress and the follow-up calendar. */
export function TagsPanel({ onAssign }: { onAssign: () => void; onFollowUp?: () => void }) {
  const { id, full, reload } = useContact();
  const unstick = async (a: Activity) => {
    await withToasts(activityApi.update(id, a.id, { isSticky: false }), MSG.noteUpdated, MSG.noteUpdateFailed).catch(() => undefined);
    await reload();
  };
  const assigned = full.tags.filter((t) => t.isActive);
  return (
    <div>
      <LinksList />
      <Divider />
      <section aria-label="Sticky Notes">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Sticky Notes
        </Typography.Title>
        {full.stickies.length === 0 ? (
          <Typography.Text type="secondary">No sticky notes</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={full.stickies}
            renderItem={(a) => (
              <List.Item
                data-testid="sticky-note"
                style={{ background: 'rgba(250, 219, 20, 0.15)', borderRadius: 6, marginBottom: 4, paddingInline: 8 }}
                actions={[
                  <Tooltip key="u" title="Remove sticky">
                    <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Remove sticky note" onClick={() => void unstick(a)} />
                  </Tooltip>,
                ]}
              >
                <List.Item.Meta
                  title={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{a.note}</Typography.Text>}
                  description={`${a.user ? fullName(a.user) : ''} ${shortTimestamp(a.createdAt)}`.trim()}
                />
              </List.Item>
            )}
          />
        )}
      </section>
      <Divider />
      <section aria-label="Assigned Tags">
        <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Tags
          </Typography.Title>
          <Tooltip title="Assign Tags">
            <Button size="small" icon={<TagsOutlined />} aria-label="Assign Tags" onClick={onAssign} />
          </Tooltip>
        </Space>
        {assigned.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tags assigned" />
        ) : (
          <Space wrap style={{ marginTop: 8 }} data-testid="assigned-tags">
            {assigned.map((t) => (
              <Tag key={t.id} icon={t.format === 'dynamic' ? <ThunderboltOutlined aria-label="Dynamic tag" /> : undefined} color="blue">
                {t.name}
              </Tag>
            ))}
          </Space>
        )}
      </section>
      <Divider />
      <LaneProgress />
      <Divider />
      <FollowUpList />
    </div>
  );
}
