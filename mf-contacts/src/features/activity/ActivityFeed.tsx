import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Card, Empty, Image, List, Modal, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LeftOutlined, PhoneOutlined, PushpinFilled, PushpinOutlined, RightOutlined } from '@ant-design/icons';
import { bus } from '@agency/bus';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZES, NOTE_EDIT_WINDOW_MS, type Activity, type ActivityCreate } from '@agency/contracts';
import { activityApi, errorMessage } from '@agency/api-client';
import { confirmAction, formatPhone, fullName, initials, notifyError, shortTimestamp, useObservable, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { NoteComposer } from './NoteComposer';

/** Notes are the author's to edit or delete, and only for a day. */
export const canEditNote = (a: Pick<Activity, 'type' | 'user' | 'createdAt'>, userId: string | undefined, now = Date.now()) =>
  a.type === 'note' && !!userId && a.user?.id === userId && now - Date.parse(a.createdAt) < NOTE_EDIT_WINDOW_MS;

const duration = (s: number | null) => (s ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : null);

/** The activity feed: newest first, paged by createdAt (5 by default; 5, 10, 25, 50), with the note composer. */
export function ActivityFeed() {
  const { id, reload: reloadContact } = useContact();
  const session = useObservable(bus.session$);
  const userId = session?.user.id;
  const [pageSize, setPageSize] = useState<number>(ACTIVITY_PAGE_SIZE);
  /** The cursors of the pages seen: the first page has none. */
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [rows, setRows] = useState<Activity[] | null>(null);
  const [editing, setEditing] = useState<Activity | null>(null);
  const page = cursors.length - 1;

  const load = useCallback(async () => {
    try {
      setRows(await activityApi.list(id, { limit: pageSize, prior: cursors[cursors.length - 1], sort: '-createdAt' }));
    } catch (err) {
      notifyError(errorMessage(err));
      setRows([]);
    }
  }, [id, pageSize, cursors]);
  useEffect(() => {
    void load();
  }, [load]);

  const refresh = async () => {
    await Promise.all([load(), reloadContact()]);
  };
  const create = async (draft: ActivityCreate) => {
    await withToasts(activityApi.create(id, draft), MSG.noteAdded, draft.isSticky ? MSG.stickyCreateFailed : MSG.noteCreateFailed);
    setCursors([undefined]);
    await refresh();
  };
  const setSticky = async (a: Activity, isSticky: boolean) => {
    await withToasts(activityApi.update(id, a.id, { isSticky }), MSG.noteUpdated, isSticky ? MSG.stickyCreateFailed : MSG.noteUpdateFailed).catch(
      () => undefined,
    );
    await refresh();
  };
  const remove = async (a: Activity) => {
    if (!(await confirmAction(MSG.noteDeleteConfirm))) return;
    await withToasts(activityApi.remove(id, a.id), MSG.noteRemoved, MSG.noteDeleteFailed).catch(() => undefined);
    await refresh();
  };
  const update = async (a: Activity, draft: ActivityCreate) => {
    await withToasts(
      activityApi.update(id, a.id, { note: draft.note, isSticky: draft.isSticky, image: draft.image, thumbnail: draft.thumbnail }),
      MSG.noteUpdated,
      MSG.noteUpdateFailed,
    );
    setEditing(null);
    await refresh();
  };

  const renderItem = (a: Activity) => {
    const mine = canEditNote(a, userId);
    const actions = [];
    if (a.type === 'note') {
      actions.push(
        <Tooltip key="stick" title={a.isSticky ? 'Unstick' : 'Make sticky'}>
          <Button
            type="text"
            size="small"
            icon={a.isSticky ? <PushpinFilled /> : <PushpinOutlined />}
            aria-label={a.isSticky ? 'Unstick note' : 'Make note sticky'}
            aria-pressed={a.isSticky}
            onClick={() => void setSticky(a, !a.isSticky)}
          />
        </Tooltip>,
      );
    }
    if (mine) {
      actions.push(
        <Tooltip key="edit" title="Edit">
          <Button type="text" size="small" icon={<EditOutlined />} aria-label="Edit note" onClick={() => setEditing(a)} />
        </Tooltip>,
        <Tooltip key="delete" title="Delete">
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="Delete note" onClick={() => void remove(a)} />
        </Tooltip>,
      );
    }
    return (
      <List.Item key={a.id} actions={actions} data-testid="activity-item">
        <List.Item.Meta
          avatar={a.type === 'phone' ? <Avatar icon={<PhoneOutlined />} /> : <Avatar src={a.user?.avatar ?? undefined}>{initials(a.user)}</Avatar>}
          title={
            <Space size={6} wrap>
              <span>{a.user ? fullName(a.user) : a.type === 'system' ? 'System' : 'Unknown'}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {shortTimestamp(a.createdAt)}
              </Typography.Text>
              {a.isSticky ? <Tag color="gold">Sticky</Tag> : null}
              {a.type === 'phone' ? <Tag>{[a.format, a.status].filter(Boolean).join(' · ')}</Tag> : null}
            </Space>
          }
          description={
            <>
              {a.note ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{a.note}</Typography.Paragraph> : null}
              {a.type === 'phone' ? (
                <Typography.Text type="secondary">{[formatPhone(a.phoneNumber), duration(a.callDuration)].filter(Boolean).join(' · ')}</Typography.Text>
              ) : null}
              {a.thumbnail ? (
                <Image src={a.thumbnail} alt="Note image" width={100} height={100} style={{ objectFit: 'contain' }} preview={{ src: a.image ?? a.thumbnail }} />
              ) : null}
            </>
          }
        />
      </List.Item>
    );
  };

  const shown = rows ?? [];
  return (
    <Card size="small" title="Activity" style={{ marginTop: 16 }} data-testid="activity-feed">
      <NoteComposer onSubmit={create} />
      {rows === null ? (
        <Typography.Text role="status">Loading...</Typography.Text>
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noActivities} />
      ) : (
        <List itemLayout="vertical" dataSource={shown} renderItem={renderItem} style={{ marginTop: 12 }} />
      )}
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>
        <Typography.Text type="secondary">Page {page + 1}</Typography.Text>
        <Select
          aria-label="Rows per page"
          size="small"
          value={pageSize}
          options={ACTIVITY_PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
          onChange={(n) => {
            setPageSize(n);
            setCursors([undefined]);
          }}
        />
        <Button size="small" icon={<LeftOutlined />} aria-label="Previous page" disabled={page === 0} onClick={() => setCursors((c) => c.slice(0, -1))} />
        <Button
          size="small"
          icon={<RightOutlined />}
          aria-label="Next page"
          disabled={shown.length < pageSize}
          onClick={() => setCursors((c) => [...c, shown[shown.length - 1].createdAt])}
        />
      </Space>
      <Modal open={editing !== null} title="Edit Note" footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing ? (
          <NoteComposer
            autoFocus
            submitLabel="Update"
            initial={{ note: editing.note, isSticky: editing.isSticky, image: editing.image, thumbnail: editing.thumbnail }}
            onSubmit={(draft) => update(editing, draft)}
          />
        ) : null}
      </Modal>
    </Card>
  );
}
