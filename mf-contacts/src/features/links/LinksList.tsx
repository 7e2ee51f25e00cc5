import { Button, List, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type { Link } from '@agency/contracts';
import { linksApi } from '@agency/api-client';
import { confirmAction, withToasts } from '@agency/ui';
import { MSG } from '../common/messages';
import { useDialog } from '../common/useDialog';
import { useContact } from '../detail/ContactContext';
import { LinkDialog } from './LinkDialog';
import { linkHref } from './linkUrl';

/** The contact's links with add, edit and delete. */
export function LinksList() {
  const { id, full, reload } = useContact();
  const dialog = useDialog<Link>();
  const remove = async (l: Link) => {
    if (!(await confirmAction(MSG.miscDeleteConfirm(l.name)))) return;
    await withToasts(linksApi.remove(id, l.id), MSG.linkRemoved, () => MSG.linkDeleteFailed).catch(() => undefined);
    await reload();
  };
  return (
    <section aria-label="Links">
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Links
        </Typography.Title>
        <Tooltip title="Add Link">
          <Button size="small" icon={<PlusOutlined />} aria-label="Add Link" onClick={dialog.openNew} />
        </Tooltip>
      </Space>
      <List
        size="small"
        dataSource={full.links}
        locale={{ emptyText: 'No links' }}
        renderItem={(l) => (
          <List.Item
            actions={[
              <Button key="e" type="text" size="small" icon={<EditOutlined />} aria-label={`Edit link ${l.name}`} onClick={() => dialog.openEdit(l)} />,
              <Button key="d" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete link ${l.name}`} onClick={() => void remove(l)} />,
            ]}
          >
            <List.Item.Meta
              avatar={<LinkOutlined />}
              title={
                <Typography.Link href={linkHref(l.url)} target="_blank" rel="noreferrer">
                  {l.name}
                </Typography.Link>
              }
              description={l.description || null}
            />
          </List.Item>
        )}
      />
      <LinkDialog open={dialog.open} link={dialog.record} onClose={dialog.close} />
    </section>
  );
}
