import { useState } from 'react';
import { Button, Calendar, List, Space, Tag, Tooltip, Typography, theme } from 'antd';
import {
  BellOutlined,
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  LeftOutlined,
  LoadingOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { REMINDER_STATE_TEXT, reminderState, type FollowUp } from '@agency/contracts';
import { followUpsApi } from '@agency/api-client';
import { confirmAction, formatDateTime, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useContact } from '../detail/ContactContext';
import { FollowUpDialog } from './FollowUpDialog';
import { bucketOf } from './time';

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The reminder icon: set, 'creating reminder', or 'Error creating reminder' once 5 minutes have passed. */
export function ReminderIcon({ followUp }: { followUp: FollowUp }) {
  const state = reminderState(followUp);
  if (state === 'none') return null;
  if (state === 'set')
    return (
      <Tooltip title={`Reminder set (${followUp.reminderAt} minutes before)`}>
        <BellOutlined aria-label="Reminder set" />
      </Tooltip>
    );
  if (state === 'creating')
    return (
      <Tooltip title={REMINDER_STATE_TEXT.creating}>
        <LoadingOutlined aria-label={REMINDER_STATE_TEXT.creating} />
      </Tooltip>
    );
  return (
    <Tooltip title={REMINDER_STATE_TEXT.error}>
      <ExclamationCircleOutlined aria-label={REMINDER_STATE_TEXT.error} style={{ color: 'red' }} />
    </Tooltip>
  );
}

export const assigneeLabel = (f: FollowUp) => (f.assignTo === 'team' ? 'Team' : f.assignTo === 'self' ? 'Me' : f.assignTo === 'peer' ? 'Peer' : 'Message');

/** The follow-up calendar and list of the Tags tab. */
export function FollowUpList() {
  const { full, reload } = useContact();
  const { token } = theme.useToken();
  const [editing, setEditing] = useState<FollowUp | 'new' | null>(null);
  const active = full.followUps.filter((f) => f.isActive).sort((a, b) => a.date.localeCompare(b.date));
  const byDay = new Map<string, number>();
  for (const f of active) byDay.set(dayKey(new Date(f.date)), (byDay.get(dayKey(new Date(f.date))) ?? 0) + 1);

  const complete = async (f: FollowUp) => {
    await withToasts(followUpsApi.complete(f.id), MSG.followUpCompleted, MSG.followUpFailed).catch(() => undefined);
    await reload();
  };
  const remove = async (f: FollowUp) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm('this follow up')))) return;
    await withToasts(followUpsApi.remove(f.id), MSG.followUpRemoved, MSG.followUpFailed).catch(() => undefined);
    await reload();
  };
  return (
    <section aria-label="Follow Ups">
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Follow Ups
        </Typography.Title>
        <Tooltip title="Add Follow Up">
          <Button size="small" icon={<PlusOutlined />} aria-label="Add Follow Up" onClick={() => setEditing('new')} />
        </Tooltip>
      </Space>
      <Calendar
        fullscreen={false}
        // The month shown and a step either way, every control named (antd's own header has two unnamed selects).
        headerRender={({ value, onChange }) => (
          <Space style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}>
            <Button size="small" type="text" icon={<LeftOutlined />} aria-label="Previous month" onClick={() => onChange(value.subtract(1, 'month'))} />
            <Typography.Text strong aria-live="polite">
              {value.format('MMMM YYYY')}
            </Typography.Text>
            <Button size="small" type="text" icon={<RightOutlined />} aria-label="Next month" onClick={() => onChange(value.add(1, 'month'))} />
          </Space>
        )}
        fullCellRender={(date, info) => {
          if (info.type !== 'date') return info.originNode;
          const count = byDay.get(date.format('YYYY-MM-DD')) ?? 0;
          return (
            <div className="ant-picker-cell-inner" aria-label={count ? `${count} follow ups on ${date.format('MM/DD/YYYY')}` : undefined}>
              {date.date()}
              {count ? <div style={{ width: 6, height: 6, borderRadius: 3, background: token.colorPrimary, margin: '0 auto' }} /> : null}
            </div>
          );
        }}
      />
      <List
        size="small"
        dataSource={active}
        locale={{ emptyText: 'No follow ups' }}
        renderItem={(f) => {
          const past = bucketOf(f.date) === 'pastDue';
          return (
            <List.Item
              data-testid="followup-item"
              actions={[
                <Tooltip key="c" title="Complete">
                  <Button type="text" size="small" icon={<CheckOutlined />} aria-label={`Complete follow up ${f.note}`} onClick={() => void complete(f)} />
                </Tooltip>,
                <Tooltip key="e" title="Edit">
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Edit follow up ${f.note}`} onClick={() => setEditing(f)} />
                </Tooltip>,
                <Tooltip key="d" title="Delete">
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete follow up ${f.note}`} onClick={() => void remove(f)} />
                </Tooltip>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    <Typography.Text type={past ? 'danger' : undefined}>{formatDateTime(f.date)}</Typography.Text>
                    <Tag>{assigneeLabel(f)}</Tag>
                    <ReminderIcon followUp={f} />
                  </Space>
                }
                description={f.note || null}
              />
            </List.Item>
          );
        }}
      />
      <FollowUpDialog open={editing !== null} followUp={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </section>
  );
}
