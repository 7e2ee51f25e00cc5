import { Button, Flex, Result, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportResult, ImportRowResult } from '@agency/contracts';
import { formatCount, plural } from './format';
import { rowName, type ColumnMapping } from './mapping';
import { reportCsv, reportedRows, STATUS_LABELS } from './report';
import { DuplicateTarget, type FileRows } from './ReviewStep';
import { saveFile } from '@agency/ui';

const STATUS_COLORS: Record<ImportRowResult['status'], string> = { created: 'green', merged: 'blue', skipped: 'default', error: 'red' };

interface Props {
  result: ImportResult;
  file: FileRows & { name: string };
  onShowContacts: () => void;
  onAgain: () => void;
}

/** Step 4: what was imported, and every row that was not with the reason; downloadable as CSV. */
export function ImportReport({ result, file, onShowContacts, onAgain }: Props) {
  const imported = result.created + result.merged;
  const listed = reportedRows(result);
  const notImported = result.skipped + result.failed;
  const mapping: ColumnMapping = file.mapping;
  const download = () => saveFile(reportCsv(result, file.header, file.rows), `${file.name.replace(/\.csv$/i, '')}-import-report.csv`);
  return (
    <Flex vertical gap={16}>
      <Result
        style={{ padding: '16px 0' }}
        status={result.failed ? 'warning' : 'success'}
        title={<span data-testid="import-imported">{`Imported ${plural(imported, 'contact')} of ${plural(result.total, 'row')}`}</span>}
        subTitle={`${formatCount(result.created)} created, ${formatCount(result.merged)} merged, ${formatCount(result.skipped)} skipped, ${formatCount(result.failed)} invalid`}
        extra={[
          <Button key="contacts" type="primary" icon={<TeamOutlined />} onClick={onShowContacts}>
            Show contacts
          </Button>,
          <Button key="report" icon={<DownloadOutlined />} onClick={download}>
            Download report
          </Button>,
          <Button key="again" icon={<UploadOutlined />} onClick={onAgain}>
            Import another file
          </Button>,
        ]}
      />
      {listed.length ? (
        <section aria-labelledby="import-report-rows">
          <Typography.Title level={5} id="import-report-rows">
            {notImported ? `Rows not imported (${formatCount(notImported)})` : 'Rows imported with a remark'}
          </Typography.Title>
          <Table
            size="small"
            rowKey="row"
            data-testid="import-report"
            dataSource={listed}
            pagination={listed.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            columns={[
              { title: 'Row', dataIndex: 'row', key: 'row', width: 70 },
              { title: 'Contact in the file', key: 'who', render: (_, r) => rowName(file.rows[r.row - 1] ?? [], file.header, mapping) },
              { title: 'Result', key: 'status', width: 110, render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{STATUS_LABELS[r.status]}</Tag> },
              {
                title: 'Reason',
                key: 'reason',
                render: (_, r) =>
                  r.status === 'skipped' && (r.duplicateOf || r.duplicateOfRow) ? (
                    <span>
                      Duplicate of <DuplicateTarget r={r} />
                    </span>
                  ) : (
                    r.reason
                  ),
              },
            ]}
          />
        </section>
      ) : (
        <Typography.Text type="secondary">Every row was imported.</Typography.Text>
      )}
    </Flex>
  );
}
