import { useCallback, useEffect, useRef, useState } from 'react';
import { merge } from 'rxjs';
import { Alert, Button, Empty, Space, Switch, Table, Tag as Chip, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { TAG_MESSAGES, type Tag } from '@agency/contracts';
import { tagsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { withToasts } from '@agency/ui';
import { useIsAdmin } from '../common/useIsAdmin';
import { TagDialog } from './TagDialog';

/** How long pushed updates are gathered before the list is fetched again (one fetch per burst). */
export const LIVE_REFRESH_MS = 300;

/** Account settings, Tags: every tag with its assigned count, dynamic marker and state; admins create, edit and delete. */
export function TagsPage() {
  const admin = useIsAdmin();
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<{ tag: Tag | null } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const asked = useRef(0);
  const load = useCallback(async () => {
    const ask = ++asked.current;
    try {
      const list = await tagsApi.list({ sort: 'name', limit: 100 });
      if (ask !== asked.current) return;
      setTags(list);
      setFailed(false);
    } catch {
      if (ask !== asked.current) return;
      setFailed(true);
      setTags((t) => t ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
    // tags edited or counts moved with clients (anyone's, in any tab): the list catches up, once per burst
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = merge(bus.on('refresh_tags'), bus.on('clients_update')).subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        void load();
      }, LIVE_REFRESH_MS);
    });
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [load]);

  const setActive = async (tag: Tag, isActive: boolean) => {
    setBusyId(tag.id);
    try {
      await withToasts(tagsApi.update(tag.id, { isActive }), TAG_MESSAGES.updated, TAG_MESSAGES.failed);
      await load();
    } catch {
      // reported
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (tag: Tag) => {
    const yes = await bus.confirm(
      `Delete tag ${tag.name}?`,
      `${tag.assigned} ${tag.assigned === 1 ? 'contact carries' : 'contacts carry'} it now. This cannot be undone.`,
    );
    if (!yes) return;
    setBusyId(tag.id);
    try {
      await withToasts(tagsApi.remove(tag.id), TAG_MESSAGES.deleted, TAG_MESSAGES.failed);
      await load();
    } catch {
      // reported
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section aria-labelledby="tags-title">
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} id="tags-title" style={{ margin: 0 }}>
          Tags
        </Typography.Title>
        <Space>
          <Button aria-label="Reload tags" icon={<ReloadOutlined />} onClick={() => void load()} />
          {admin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ tag: null })}>
              Add Tag
            </Button>
          ) : null}
        </Space>
      </Space>
      {failed ? <Alert type="error" showIcon role="alert" title={TAG_MESSAGES.loadFailed} style={{ marginBottom: 16 }} /> : null}
      <Table<Tag>
        rowKey="id"
        size="middle"
        loading={tags === null}
        dataSource={tags ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="No Tags Found" /> }}
        columns={[
          {
            title: 'Name',
            key: 'name',
            render: (_, t) => (
              <Space size={6}>
                {t.format === 'dynamic' ? (
                  <Tooltip title="Dynamic tag: contacts carry it while they match its query">
                    <ThunderboltOutlined aria-label="Dynamic tag" />
                  </Tooltip>
                ) : null}
                <span>{`${t.name} (${t.assigned})`}</span>
                {t.type === 'core' ? <Chip>Core</Chip> : null}
              </Space>
            ),
          },
          { title: 'Description', dataIndex: 'description', key: 'description', ellipsis: true },
          { title: 'Type', key: 'format', width: 110, render: (_, t) => (t.format === 'dynamic' ? <Chip color="purple">Dynamic</Chip> : <Chip>Simple</Chip>) },
          {
            title: 'Active',
            key: 'active',
            width: 90,
            render: (_, t) => (
              <Switch
                size="small"
                aria-label={`Active: ${t.name}`}
                checked={t.isActive}
                disabled={!admin || busyId === t.id}
                onChange={(on) => void setActive(t, on)}
              />
            ),
          },
          ...(admin
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, t: Tag) => (
                    <Space size={0}>
                      <Button type="text" aria-label={`Edit ${t.name}`} icon={<EditOutlined />} onClick={() => setEditing({ tag: t })} />
                      <Tooltip title={t.type === 'core' ? TAG_MESSAGES.coreNotDeletable : undefined}>
                        <Button
                          type="text"
                          danger
                          aria-label={`Delete ${t.name}`}
                          icon={<DeleteOutlined />}
                          disabled={t.type === 'core' || busyId === t.id}
                          onClick={() => void remove(t)}
                        />
                      </Tooltip>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <TagDialog open tag={editing.tag} onClose={() => setEditing(null)} onSaved={() => void load()} /> : null}
    </section>
  );
}
