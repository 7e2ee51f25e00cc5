import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Empty, Input, Modal, Skeleton, Tag, theme, Typography } from 'antd';
import { PlayCircleOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { errorMessage, trainingsApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { TRAINING_TAGS, type Training } from '@agency/contracts';
import { formatDate, useObservable } from '@agency/ui';
import { handOverTrainingToken } from '../session/session';
import { ADD_TRAINING_FORM_ID, AddTrainingForm } from './AddTrainingForm';

export const SEARCH_DEBOUNCE_MS = 1000;
export const canAddTrainings = (role: string | undefined) => role?.toLowerCase() === 'super';

/** Not opened by this user yet. */
export const isNewFor = (t: Training, userId: string) => !t.viewedBy.includes(userId);

/** Items with any of the chosen tags ('new' matches what this user has not opened yet). */
export function filterByTags(items: Training[], tags: string[], userId: string): Training[] {
  if (!tags.length) return items;
  return items.filter((t) =>
    tags.some((tag) => (tag === 'new' ? isNewFor(t, userId) || t.tags.includes('new') : t.tags.map((x) => x.toLowerCase()).includes(tag))),
  );
}

function TrainingCard({ item, isNew, onOpen }: { item: Training; isNew: boolean; onOpen: () => void }) {
  const { token } = theme.useToken();
  const card = (
    <a
      href={`/trainings/${item.id}`}
      target="_blank"
      rel="noopener"
      onClick={(e) => {
        onOpen();
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return; // the browser's own new tab or window
        e.preventDefault();
        window.open(`/trainings/${item.id}`, `training-${item.id}`, 'popup,width=1100,height=820');
      }}
      className="training-card"
      aria-label={`${item.title}${isNew ? ' (new)' : ''}, opens in a new window`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        color: token.colorText,
        overflow: 'hidden',
      }}
    >
      <div style={{ aspectRatio: '2 / 1', background: `linear-gradient(135deg, ${token.colorPrimaryBg}, ${token.colorPrimaryBorder})`, position: 'relative' }}>
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        ) : (
          <ReadOutlined style={{ position: 'absolute', inset: 0, margin: 'auto', width: 40, height: 40, fontSize: 40, color: token.colorPrimary }} />
        )}
        {item.arcadeId && (
          <PlayCircleOutlined
            style={{ position: 'absolute', right: 10, bottom: 10, fontSize: 24, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.5))' }}
          />
        )}
      </div>
      <div style={{ padding: '10px 12px 12px', display: 'flex', flexDirection: 'column', gap: 6, flex: 1 }}>
        <Typography.Text strong ellipsis={{ tooltip: item.title }}>
          {item.title}
        </Typography.Text>
        {item.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
            {item.description}
          </Typography.Paragraph>
        )}
        <div style={{ marginTop: 'auto', display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
          {item.tags.slice(0, 3).map((t) => (
            <Tag key={t} style={{ marginInlineEnd: 0 }}>
              {t}
            </Tag>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 'auto' }}>
            {formatDate(item.createdAt)}
          </Typography.Text>
        </div>
      </div>
    </a>
  );
  return isNew ? (
    <Badge.Ribbon text="New" color={token.colorPrimary}>
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

/** The trainings library: search, tag chips, cards opening each item in its own window. */
export function TrainingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
  const session = useObservable(bus.session$);
  const userId = session?.user.id ?? '';
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [items, setItems] = useState<Training[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setSearch(query.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [query]);

  const load = useCallback(() => {
    setError(null);
    trainingsApi.list(search || undefined).then(
      (r) => setItems(r.trainings),
      (err: unknown) => {
        setItems([]);
        setError(`error getting trainings: ${errorMessage(err)}`);
      },
    );
  }, [search]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  useEffect(() => {
    if (!open) setAdding(false);
  }, [open]);

  const shown = useMemo(() => {
    const seen = (t: Training) => ({ ...t, viewedBy: opened.includes(t.id) ? [...t.viewedBy, userId] : t.viewedBy });
    return filterByTags((items ?? []).map(seen), tags, userId);
  }, [items, tags, userId, opened]);

  const toggleTag = (tag: string) => setTags((list) => (list.includes(tag) ? list.filter((t) => t !== tag) : [...list, tag]));

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={960}
      title={
        <span style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          {adding ? (
            'Add Training Item'
          ) : (
            <>
              Trainings
              <Tag color="processing" style={{ marginInlineEnd: 0 }} data-testid="training-count">
                {items ? shown.length : '…'}
              </Tag>
            </>
          )}
        </span>
      }
      footer={
        adding ? (
          <>
            <Button onClick={() => setAdding(false)}>Cancel</Button>
            <Button type="primary" htmlType="submit" form={ADD_TRAINING_FORM_ID} loading={saving}>
              Save
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )
      }
      styles={{ body: { minHeight: 360, maxHeight: 'calc(100vh - 230px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 10 } }}
      style={{ top: 48 }}
    >
      {adding ? (
        <AddTrainingForm
          onBusy={setSaving}
          onDone={() => {
            setAdding(false);
            load();
          }}
        />
      ) : (
        <>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
            <Input.Search
              aria-label="Search trainings"
              placeholder="Search trainings"
              allowClear
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onSearch={(v) => setSearch(v.trim())}
              style={{ flex: '1 1 280px', maxWidth: 420 }}
            />
            {canAddTrainings(session?.user.role) && (
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginLeft: 'auto' }}>
                Add Training Item
              </Button>
            )}
          </div>
          <div role="group" aria-label="Filter by tag" style={{ display: 'flex', gap: 6, flexWrap: 'wrap', marginBottom: 16 }}>
            {TRAINING_TAGS.map((tag) => (
              <Tag.CheckableTag
                key={tag}
                checked={tags.includes(tag)}
                onChange={() => toggleTag(tag)}
                aria-pressed={tags.includes(tag)}
                style={{ textTransform: 'capitalize', border: `1px solid ${tags.includes(tag) ? token.colorPrimary : token.colorBorder}`, paddingInline: 10 }}
              >
                {tag}
              </Tag.CheckableTag>
            ))}
          </div>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          {!items ? (
            <div className="training-grid">
              {[0, 1, 2].map((i) => (
                <Skeleton.Node key={i} active style={{ width: '100%', height: 220 }} />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <Empty description="No Trainings Found" style={{ margin: '48px 0' }} />
          ) : (
            <div className="training-grid">
              {shown.map((item) => (
                <TrainingCard
                  key={item.id}
                  item={item}
                  isNew={isNewFor(item, userId)}
                  onOpen={() => {
                    handOverTrainingToken();
                    setOpened((o) => [...o, item.id]);
                  }}
                />
              ))}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
