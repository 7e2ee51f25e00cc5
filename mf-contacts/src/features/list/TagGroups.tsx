import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Space, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { CONTACT_MESSAGES, type Tag } from '@agency/contracts';
import { merge } from 'rxjs';
import { tagsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { LIVE_REFRESH_MS } from './useClientRows';

/** The group-by-tags tab: one chip per tag, 'name (assigned count)', dynamic tags marked. */
export function TagGroups({ onChoose }: { onChoose: (tag: { id: string; name: string }) => void }) {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let asked = 0;
    const load = () => {
      const ask = ++asked;
      tagsApi
        .list({ sort: 'name', limit: 100 })
        .then((t) => {
          if (!live || ask !== asked) return;
          setTags(t);
          setFailed(false);
        })
        .catch(() => {
          if (!live || ask !== asked) return;
          setFailed(true);
          setTags((shown) => shown ?? []);
        });
    };
    load();
    // tags edited, or counts moved with clients (anyone's): the chips catch up, once per burst
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = merge(bus.on('refresh_tags'), bus.on('clients_update')).subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        load();
      }, LIVE_REFRESH_MS);
    });
    return () => {
      live = false;
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);
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
