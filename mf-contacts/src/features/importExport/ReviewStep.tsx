import { Button, Card, Col, Flex, Radio, Row, Space, Statistic, Table, Typography } from 'antd';
import type { DuplicateAction, ImportResult, ImportRowResult } from '@agency/contracts';
import { formatCount } from './format';
import { rowContact, rowName, type ColumnMapping } from './mapping';

const ACTION_OPTIONS: Array<{ value: DuplicateAction; label: string }> = [
  { value: 'merge', label: 'Merge' },
  { value: 'skip', label: 'Skip' },
  { value: 'create', label: 'Create' },
];

export interface FileRows {
  header: string[];
  rows: string[][];
  mapping: ColumnMapping;
}

/** Whether a dry-run row matched a contact or an earlier row of the file. */
export const isDuplicate = (r: ImportRowResult) => r.status === 'skipped' && (r.duplicateOf !== null || r.duplicateOfRow !== null);

/** What the import will do with the choices made: rows created, merged, skipped and invalid. */
export function plannedCounts(dryRun: ImportResult, actions: Record<number, DuplicateAction>) {
  const dups = dryRun.rows.filter(isDuplicate);
  const chosen = (a: DuplicateAction) => dups.filter((r) => (actions[r.row] ?? 'skip') === a).length;
  return { create: dryRun.created + chosen('create'), merge: chosen('merge'), skip: chosen('skip'), invalid: dryRun.failed, duplicates: dups.length };
}

/** Where a duplicate leads: the existing contact (opened in a new tab, keeping this import), or the earlier row. */
export function DuplicateTarget({ r }: { r: ImportRowResult }) {
  const name = /^Duplicate of (.+) \((?:phone|email)(?:, row \d+)?\)$/.exec(r.reason ?? '')?.[1] ?? 'the existing contact';
  const how = /\((phone|email)/.exec(r.reason ?? '')?.[1];
  if (r.duplicateOf) {
    return (
      <span>
        <a href={`/contacts/contact/${r.duplicateOf}`} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
        {how ? <Typography.Text type="secondary"> by {how}</Typography.Text> : null}
      </span>
    );
  }
  return (
    <span>
      Row {r.duplicateOfRow} of this file{how ? <Typography.Text type="secondary"> by {how}</Typography.Text> : null}
    </span>
  );
}

interface Props {
  dryRun: ImportResult;
  file: FileRows;
  actions: Record<number, DuplicateAction>;
  onAction: (row: number, action: DuplicateAction) => void;
  onAll: (action: DuplicateAction) => void;
}

/** Step 3: what the import would do, nothing saved yet; a choice for each duplicate. */
export function ReviewStep({ dryRun, file, actions, onAction, onAll }: Props) {
  const counts = plannedCounts(dryRun, actions);
  const dups = dryRun.rows.filter(isDuplicate);
  const invalid = dryRun.rows.filter((r) => r.status === 'error');
  const remarks = dryRun.rows.filter((r) => (r.status === 'created' || r.status === 'merged') && r.reason);
  const cells = (r: ImportRowResult) => file.rows[r.row - 1] ?? [];
  const who = {
    title: 'Contact in the file',
    key: 'who',
    render: (_: unknown, r: ImportRowResult) => (
      <Flex vertical>
        <Typography.Text strong>{rowName(cells(r), file.header, file.mapping)}</Typography.Text>
        <Typography.Text type="secondary">{rowContact(cells(r), file.header, file.mapping)}</Typography.Text>
      </Flex>
    ),
  };
  const rowCol = { title: 'Row', dataIndex: 'row', key: 'row', width: 70 };
  return (
    <Flex vertical gap={20}>
      <Typography.Text type="secondary">Nothing has been saved yet. Check what the import will do, then import.</Typography.Text>
      <Row gutter={[16, 16]} role="group" aria-label="Import preview">
        {[
          { label: 'Rows in the file', value: dryRun.total, testId: 'count-total' },
          { label: 'To create', value: counts.create, testId: 'count-create' },
          { label: 'Duplicates', value: counts.duplicates, testId: 'count-duplicates' },
          { label: 'Invalid', value: counts.invalid, testId: 'count-invalid' },
        ].map((s) => (
          <Col xs={12} md={6} key={s.label}>
            <Card size="small">
              <Statistic title={s.label} value={s.value} formatter={(v) => <span data-testid={s.testId}>{formatCount(Number(v))}</span>} />
            </Card>
          </Col>
        ))}
      </Row>
      {dups.length ? (
        <section aria-labelledby="import-duplicates">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={5} id="import-duplicates" style={{ margin: 0 }}>
              Duplicates ({formatCount(dups.length)})
            </Typography.Title>
            <Space wrap>
              <Typography.Text type="secondary">For every duplicate:</Typography.Text>
              {ACTION_OPTIONS.map((o) => (
                <Button key={o.value} size="small" onClick={() => onAll(o.value)}>
                  {`${o.label} all`}
                </Button>
              ))}
            </Space>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            Merge fills in what the existing contact lacks and never overwrites it. Skip leaves the row out. Create adds a new contact anyway.
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="row"
            dataSource={dups}
            pagination={dups.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              rowCol,
              who,
              { title: 'Matches', key: 'match', render: (_: unknown, r: ImportRowResult) => <DuplicateTarget r={r} /> },
              {
                title: 'Action',
                key: 'action',
                width: 230,
                render: (_: unknown, r: ImportRowResult) => (
                  <Radio.Group
                    aria-label={`Action for row ${r.row}`}
                    optionType="button"
                    buttonStyle="solid"
                    size="small"
                    options={ACTION_OPTIONS}
                    value={actions[r.row] ?? 'skip'}
                    onChange={(e) => onAction(r.row, e.target.value as DuplicateAction)}
                  />
                ),
              },
            ]}
          />
        </section>
      ) : null}
      {invalid.length ? (
        <section aria-labelledby="import-invalid">
          <Typography.Title level={5} id="import-invalid">
            Invalid rows ({formatCount(invalid.length)}): not imported
          </Typography.Title>
          <Table
            size="small"
            rowKey="row"
            dataSource={invalid}
            pagination={invalid.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[rowCol, who, { title: 'Reason', dataIndex: 'reason', key: 'reason' }]}
          />
        </section>
      ) : null}
      {remarks.length ? (
        <section aria-labelledby="import-remarks">
          <Typography.Title level={5} id="import-remarks">
            Imported with a remark ({formatCount(remarks.length)})
          </Typography.Title>
          <Table
            size="small"
            rowKey="row"
            dataSource={remarks}
            pagination={remarks.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[rowCol, who, { title: 'Remark', dataIndex: 'reason', key: 'reason' }]}
          />
        </section>
      ) : null}
    </Flex>
  );
}
