import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { tagsApi } from '@agency/api-client';
import { useLiveQuery, withToasts } from '@agency/ui';
import { tagChanges$ } from '../list/useClientRows';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';

/** Assign Tags: each tag toggles; static tags are added or removed, dynamic ones opted out or back in. */
export function AssignTagsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { id, full, reload } = useContact();
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFilter('');
    setChosen(Object.fromEntries(full.tags.map((t) => [t.id, t.isActive])));
  }, [open, full.tags]);

  // the account's tags while the dialog is open; created, renamed or deleted ones (anyone's) catch up
  const query = useLiveQuery(open ? () => tagsApi.list({ sort: 'name', limit: 100 }) : null, tagChanges$, open);
  const failed = !!query.error;
  const tags = query.data ?? (failed ? [] : null);

  const original = (tagId: string) => full.tags.find((t) => t.id === tagId)?.isActive ?? false;
  const changes = Object.entries(chosen)
    .filter(([tagId, on]) => on !== original(tagId))
    .map(([tagId, isActive]) => ({ id: tagId, isActive }));
  const save = async () => {
    setBusy(true);
    try {
      await withToasts(tagsApi.assign(id, { tags: changes }), MSG.tagsAssigned, MSG.tagsAssignFailed);
      await reload();
      onClose();
    } catch {
      // reported
    } finally {
      setBusy(false);
    }
  };
  const shown = (tags ?? []).filter((t) => t.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Modal open={open} title="Assign Tags" onCancel={onClose} footer={null} destroyOnHidden>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {failed ? <Alert type="error" showIcon title={MSG.tagsLoadFailed} /> : null}
        <Input.Search
          aria-label="Filter tags"
          placeholder="Filter tags"
          allowClear
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        {tags === null ? (
          <Typography.Text role="status">{MSG.loading}</Typography.Text>
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noTags} />
        ) : (
          <div style={{ maxHeight: 320, overflowY: 'auto' }}>
            {shown.map((t) => {
              const on = chosen[t.id] ?? false;
              return (
                <div key={t.id} style={{ padding: '4px 0' }}>
                  <Checkbox checked={on} onChange={(e) => setChosen((c) => ({ ...c, [t.id]: e.target.checked }))}>
                    {t.name}
                    {t.format === 'dynamic' ? (
                      <Tooltip title="Dynamic tag: membership follows its query; unticking opts this contact out">
                        <ThunderboltOutlined aria-label="Dynamic tag" style={{ marginLeft: 6 }} />
                      </Tooltip>
                    ) : null}
                  </Checkbox>
                </div>
              );
            })}
          </div>
        )}
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!changes.length}>
            {busy ? MSG.saving : 'Save'}
          </Button>
        </Space>
      </form>
    </Modal>
  );
}
