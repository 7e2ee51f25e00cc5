import type { ReactNode } from 'react';
import { Button, Card, Col, Empty, Row, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';

/** A titled group of record cards with its Add button. */
export function RecordSection({
  title,
  addLabel,
  onAdd,
  empty,
  children,
  count,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  empty: string;
  children: ReactNode;
  count: number;
}) {
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Space>
      {count === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : <Row gutter={[12, 12]}>{children}</Row>}
    </section>
  );
}

/** One record as a card with edit and delete buttons. */
export function RecordCard({
  title,
  extra,
  onEdit,
  onDelete,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const label = typeof title === 'string' ? title : 'record';
  return (
    <Col xs={24} md={12} xxl={8}>
      <Card
        size="small"
        data-testid={testId}
        title={title}
        extra={
          <Space size={0}>
            {extra}
            <Tooltip title="Edit">
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={`Edit ${label}`} onClick={onEdit} />
            </Tooltip>
            <Tooltip title="Delete">
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${label}`} onClick={onDelete} />
            </Tooltip>
          </Space>
        }
        style={{ height: '100%' }}
      >
        {children}
      </Card>
    </Col>
  );
}

/** Label and value lines of a card; empty values are left out. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== false);
  if (!shown.length) return <Typography.Text type="secondary">No details yet</Typography.Text>;
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 2 }}>
      {shown.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt style={{ opacity: 0.65 }}>{k}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{v === true ? 'Yes' : v}</dd>
        </div>
      ))}
    </dl>
  );
}
