import { Alert, Button, Empty, Space, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { CONTACT_MESSAGES } from '@agency/contracts';
import { tagsApi } from '@agency/api-client';
import { useLiveQuery } from '@agency/ui';
import { tagChanges$ } from './useClientRows';

/** The group-by-tags tab: one chip per tag, 'name (assigned count)', dynamic tags marked. */
export function TagGroups({ onChoose }: { onChoose: (tag: { id: string; name: string }) => void }) {
  const query = useLiveQuery(() => tagsApi.list({ sort: 'name', limit: 100 }), tagChanges$);
  const failed = !!query.error;
  const tags = query.data ?? (failed ? [] : null);
  if (failed) return <Alert type="error" showIcon title={CONTACT_MESSAGES.tagsLoadFailed} />;
  if (!tags) return <Typography.Text role="status">{CONTACT_MESSAGES.loading}</Typography.Text>;
  if (!tags.length) return <Empty description={CONTACT_MESSAGES.noTags} />;
  return (
    <Space wrap aria-label="Tags" role="group" style={{ paddingTop: 8 }}>
      {tags.map((t) => (
        <Button key={t.id} shape="round" onClick={() => onChoose({ id: t.id, name: t.name })} data-testid="tag-chip">
          {t.format === 'dynamic' ? (
            <Tooltip title="Dynamic tag">
              <ThunderboltOutlined aria-label="Dynamic tag" />
            </Tooltip>
          ) : null}
          {`${t.name} (${t.assigned})`}
        </Button>
      ))}
    </Space>
  );
}
