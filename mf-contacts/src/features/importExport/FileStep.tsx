import { useState } from 'react';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { DownloadOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_ROWS } from '@agency/contracts';
import { formatCount } from './format';
import { FIELD_LABELS, fileProblem, readText } from './mapping';
import { saveFile } from '@agency/ui';

export interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

const TEMPLATE_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'mobilePhone',
  'phone',
  'dob',
  'address',
  'city',
  'state',
  'zipcode',
  'tags',
  'note',
] as const;

/** Step 1: choose a CSV by click or drag and drop; its type and size are checked before it is read. */
export function FileStep({ chosen, busy, error, onFile }: { chosen: ChosenFile | null; busy: boolean; error: string | null; onFile: (f: ChosenFile) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File) => {
    const bad = fileProblem(file);
    setProblem(bad);
    if (bad) return;
    try {
      onFile({ name: file.name, size: file.size, text: await readText(file) });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  const message = problem ?? error;
  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? 'Reading the file...' : 'Click or drag a CSV file to this area'}</p>
        <p className="ant-upload-hint">The first row names the columns. Up to {formatCount(IMPORT_MAX_ROWS)} rows and 10 MB.</p>
      </Upload.Dragger>
      {chosen && !message ? (
        <Typography.Text>
          <FileTextOutlined /> {chosen.name} ({formatBytes(chosen.size)})
        </Typography.Text>
      ) : null}
      {message ? <Alert type="error" showIcon title={message} role="alert" /> : null}
      <div>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => saveFile(`${TEMPLATE_FIELDS.map((f) => FIELD_LABELS[f]).join(',')}\r\n`, 'contacts-template.csv')}
        >
          Download a template
        </Button>
      </div>
    </Flex>
  );
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
