import type { CSSProperties, ReactNode, TableHTMLAttributes, TdHTMLAttributes } from 'react';
import Table, { type ColumnsType } from '@rc-component/table';
import { Button, Empty, Spin, theme } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';

export interface FiguresColumn<T> {
  key: string;
  title: string;
  align?: 'right';
  render: (row: T) => ReactNode;
}

export interface FiguresExpansion<T> {
  expandedKeys: string[];
  onExpand: (open: boolean, row: T) => void;
  render: (row: T) => ReactNode;
}

interface FiguresTableProps<T extends { key: string }> {
  columns: Array<FiguresColumn<T>>;
  rows: T[];
  loading?: boolean;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  expandable?: FiguresExpansion<T>;
}

const PREFIX = 'agency-figures';

/** border-spacing reaches only the <table> element itself. */
const SpacedTable = (props: TableHTMLAttributes<HTMLTableElement>) => (
  <table {...props} style={{ ...props.style, borderCollapse: 'separate', borderSpacing: 0, width: props.style?.width ?? '100%' }} />
);

/** A cell without the browser's padding: the figures' cells take theirs from `styles`, an opened row's from its content. */
const BodyCell = (props: TdHTMLAttributes<HTMLTableCellElement>) => <td {...props} style={{ padding: 0, ...props.style }} />;

/**
 * A small table of figures in antd's look (its small Table's paddings, header and borders, from the
 * theme's tokens, so dark mode and the account's colour follow). Drawn by rc-table, the table engine
 * antd's Table is built on, without antd's filters, sorters, selection and pagination: the
 * dashboard's Employee Stats draws none of them, and they were 60 KB gzip of every dashboard.
 */
export function FiguresTable<T extends { key: string }>({ columns, rows, loading = false, minWidth, expandable }: FiguresTableProps<T>) {
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  };
  const header: CSSProperties = { ...cell, background: token.colorFillAlter, color: token.colorTextHeading, fontWeight: token.fontWeightStrong };

  const rcColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align ?? 'start', // a header cell is centred by the browser otherwise
    render: (_: unknown, row: T) => c.render(row),
  }));

  return (
    <Spin spinning={loading}>
      <Table<T>
        prefixCls={PREFIX}
        columns={rcColumns}
        data={rows}
        rowKey="key"
        scroll={minWidth ? { x: minWidth } : undefined}
        components={{ table: SpacedTable, body: { cell: BodyCell } }}
        styles={{ header: { cell: header }, body: { cell } }}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        expandable={
          expandable && {
            expandedRowKeys: expandable.expandedKeys,
            onExpand: expandable.onExpand,
            expandedRowRender: (row) => <div style={{ ...cell, background: token.colorFillAlter }}>{expandable.render(row)}</div>,
            columnWidth: 40,
            expandIcon: ({ expanded, record, onExpand }) => (
              <Button
                type="text"
                size="small"
                aria-label={expanded ? 'Collapse row' : 'Expand row'}
                aria-expanded={expanded}
                icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
                onClick={(e) => onExpand(record, e)}
              />
            ),
          }
        }
      />
    </Spin>
  );
}
