import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Space, Table, Tag as Chip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_MESSAGES, smsCount, type MessageTemplate } from '@agency/contracts';
import { templatesApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { RetryAlert, withToasts } from '@agency/ui';
import { useIsAdmin } from '../common/useIsAdmin';
import { TemplateDialog } from './TemplateDialog';

/** Account settings, Message Templates: the team's templates and the user's own; the ones offered by typing @ in a message. */
export function TemplatesPage() {
  const admin = useIsAdmin();
  const [templates, setTemplates] = useState<MessageTemplate[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<{ template: MessageTemplate | null } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setTemplates(await templatesApi.list('message'));
    } catch {
      setFailed(true);
      setTemplates((t) => t ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const mayManage = (t: MessageTemplate) => t.group === 'personal' || admin;

  const remove = async (t: MessageTemplate) => {
    if (!(await bus.confirm(`Delete template ${t.name}?`, 'It will no longer be offered when writing a message.'))) return;
    setBusyId(t.id);
    try {
      await withToasts(templatesApi.remove(t.id), TEMPLATE_MESSAGES.deleted(t.name), TEMPLATE_MESSAGES.failed);
      await load();
    } catch {
      // reported
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section aria-labelledby="templates-title">
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} id="templates-title" style={{ margin: 0 }}>
          Message Templates
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ template: null })}>
          Add Template
        </Button>
      </Space>
      {failed ? <RetryAlert message={TEMPLATE_MESSAGES.loadFailed} onRetry={() => void load()} /> : null}
      <Table<MessageTemplate>
        rowKey="id"
        size="middle"
        loading={templates === null}
        dataSource={templates ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="No templates yet" /> }}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name', width: 220 },
          { title: 'Shared with', key: 'group', width: 120, render: (_, t) => (t.group === 'team' ? <Chip color="blue">Team</Chip> : <Chip>Only me</Chip>) },
          { title: 'Message', dataIndex: 'template', key: 'template', ellipsis: true },
          {
            title: 'Segments',
            key: 'segments',
            width: 100,
            align: 'right',
            render: (_, t) => smsCount(t.template).segments,
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 110,
            render: (_, t) =>
              mayManage(t) ? (
                <Space size={0}>
                  <Button type="text" aria-label={`Edit ${t.name}`} icon={<EditOutlined />} onClick={() => setEditing({ template: t })} />
                  <Button
                    type="text"
                    danger
                    aria-label={`Delete ${t.name}`}
                    icon={<DeleteOutlined />}
                    disabled={busyId === t.id}
                    onClick={() => void remove(t)}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
      {editing ? <TemplateDialog template={editing.template} admin={admin} onClose={() => setEditing(null)} onSaved={() => void load()} /> : null}
    </section>
  );
}
