import { Alert, Flex, Select, Table, Typography } from 'antd';
import { IMPORT_FIELDS, type ImportField } from '@agency/contracts';
import { FIELD_LABELS, type ColumnMapping } from './mapping';

const FIELD_OPTIONS: Array<{ value: ImportField | ''; label: string }> = [
  { value: '', label: 'Leave out' },
  ...IMPORT_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] })),
];
const PREVIEW_ROWS = 5;

interface Props {
  /** The file's column names, trimmed (the keys of the mapping). */
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
  problem: string | null;
  onChange: (header: string, field: ImportField | '') => void;
}

/** Step 2: one select per column of the file, labelled by the column, then the first rows as they will be read. */
export function MappingStep({ headers, rows, mapping, problem, onChange }: Props) {
  const taken = new Set(Object.values(mapping).filter(Boolean));
  const columns = headers.map((h, i) => ({ header: h, index: i }));
  const mapped = columns.filter((c) => mapping[c.header]);
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        Choose the contact field each column fills. Columns were matched by their names; columns left out are not imported.
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={columns}
        aria-label="Column mapping"
        columns={[
          {
            title: 'Column in the file',
            key: 'header',
            width: '28%',
            render: (_, c) => (
              <label htmlFor={`map-column-${c.index}`} style={{ fontWeight: 500 }}>
                {c.header || `Column ${c.index + 1}`}
              </label>
            ),
          },
          {
            title: 'Sample values',
            key: 'sample',
            ellipsis: true,
            render: (_, c) => (
              <Typography.Text type="secondary">
                {rows
                  .slice(0, 3)
                  .map((r) => (r[c.index] ?? '').trim())
                  .filter(Boolean)
                  .join(', ') || '(empty)'}
              </Typography.Text>
            ),
          },
          {
            title: 'Contact field',
            key: 'field',
            width: 300,
            render: (_, c) => (
              <Select<ImportField | ''>
                id={`map-column-${c.index}`}
                data-testid={`map-${c.header}`}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={mapping[c.header] ?? ''}
                onChange={(v) => onChange(c.header, v)}
                options={FIELD_OPTIONS.map((o) => ({ ...o, disabled: o.value !== '' && o.value !== mapping[c.header] && taken.has(o.value) }))}
              />
            ),
          },
        ]}
      />
      {problem ? <Alert type="warning" showIcon title={problem} role="alert" /> : null}
      {mapped.length ? (
        <div>
          <Typography.Title level={5}>Preview of the first rows</Typography.Title>
          <Table
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            aria-label="Preview of the first rows"
            rowKey="key"
            dataSource={rows.slice(0, PREVIEW_ROWS).map((cells, i) => ({ key: i, cells }))}
            columns={mapped.map((c) => ({
              title: FIELD_LABELS[mapping[c.header] as ImportField],
              key: c.header,
              render: (_: unknown, r: { cells: string[] }) => (r.cells[c.index] ?? '').trim(),
            }))}
          />
        </div>
      ) : null}
    </Flex>
  );
}
