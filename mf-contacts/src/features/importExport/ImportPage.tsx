import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Flex, Progress, Spin, Steps, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { csvRecords, type DuplicateAction, type ImportField, type ImportPreview, type ImportResult } from '@agency/contracts';
import { clientsApi, errorMessage } from '@agency/api-client';
import { FileStep, type ChosenFile } from './FileStep';
import { formatCount, plural } from './format';
import { ImportReport } from './ImportReport';
import { guessMapping, mappingProblem, type ColumnMapping } from './mapping';
import { MappingStep } from './MappingStep';
import { isDuplicate, plannedCounts, ReviewStep } from './ReviewStep';
import { importInBatches } from './runImport';

type Step = 'file' | 'map' | 'review' | 'importing' | 'report';
const STEP_INDEX: Record<Step, number> = { file: 0, map: 1, review: 2, importing: 3, report: 3 };

interface Loaded extends ChosenFile {
  preview: ImportPreview;
  header: string[];
  rows: string[][];
}

/** /contacts/import: choose a CSV, map its columns, review a dry run with a choice per duplicate, import, read the report. */
export function ImportPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<Loaded | null>(null);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [dryRun, setDryRun] = useState<ImportResult | null>(null);
  const [actions, setActions] = useState<Record<number, DuplicateAction>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<[number, number]>([0, 0]);

  const onFile = async (f: ChosenFile) => {
    setChosen(f);
    setError(null);
    setBusy(true);
    try {
      const { header, rows } = csvRecords(f.text);
      const preview = await clientsApi.importPreview(f.text);
      setFile({ ...f, preview, header, rows });
      setMapping(guessMapping(preview));
      setDryRun(null);
      setActions({});
      setStep('map');
    } catch (err) {
      setError(`${f.name} could not be read: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const problem = step === 'map' ? mappingProblem(mapping) : null;
  const check = async () => {
    if (!file || problem) return;
    setBusy(true);
    setError(null);
    try {
      const res = await clientsApi.import({ csv: file.text, mapping, dryRun: true, onDuplicate: 'skip' });
      setDryRun(res);
      // keep the choices already made for rows that are still duplicates
      setActions((prev) => Object.fromEntries(res.rows.filter(isDuplicate).map((r) => [r.row, prev[r.row] ?? 'skip'])));
      setStep('review');
    } catch (err) {
      setError(`The rows could not be checked: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!file || !dryRun) return;
    setStep('importing');
    setError(null);
    setProgress([0, file.rows.length]);
    const res = await importInBatches(
      { header: file.header, rows: file.rows, mapping, actions },
      clientsApi.import,
      (done, total) => setProgress([done, total]),
      (err) => errorMessage(err, ''),
    );
    setResult(res);
    setStep('report');
  };

  const restart = () => {
    setStep('file');
    setFile(null);
    setChosen(null);
    setDryRun(null);
    setResult(null);
    setError(null);
  };

  const planned = dryRun ? plannedCounts(dryRun, actions) : null;
  const toImport = planned ? planned.create + planned.merge : 0;
  const title = file ? `${file.name}: ${plural(file.rows.length, 'row')}` : null;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto', width: '100%' }} data-testid="import-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Import Contacts
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/contacts')} disabled={step === 'importing'}>
          Back to contacts
        </Button>
      </Flex>
      <Steps
        current={STEP_INDEX[step]}
        status={step === 'report' ? 'finish' : 'process'}
        items={[{ title: 'Choose a file' }, { title: 'Map columns' }, { title: 'Review' }, { title: step === 'report' ? 'Report' : 'Import' }]}
      />
      <Card title={step === 'file' ? 'Choose a CSV file' : title}>
        <Spin spinning={busy && step !== 'file'} description={step === 'map' ? `Checking ${plural(file?.rows.length ?? 0, 'row')}...` : undefined}>
          {step === 'file' ? <FileStep chosen={chosen} busy={busy} error={error} onFile={(f) => void onFile(f)} /> : null}
          {step === 'map' && file ? (
            <MappingStep
              headers={file.preview.headers}
              rows={file.rows}
              mapping={mapping}
              problem={problem}
              onChange={(h: string, f: ImportField | '') => setMapping((m) => ({ ...m, [h]: f }))}
            />
          ) : null}
          {step === 'review' && file && dryRun ? (
            <ReviewStep
              dryRun={dryRun}
              file={{ header: file.header, rows: file.rows, mapping }}
              actions={actions}
              onAction={(row, a) => setActions((prev) => ({ ...prev, [row]: a }))}
              onAll={(a) => setActions((prev) => Object.fromEntries(Object.keys(prev).map((k) => [k, a])))}
            />
          ) : null}
          {step === 'importing' ? (
            <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }}>
              <Progress type="circle" percent={progress[1] ? Math.round((progress[0] / progress[1]) * 100) : 0} aria-label="Import progress" />
              <Typography.Text role="status">{`Importing... ${formatCount(progress[0])} of ${plural(progress[1], 'row')} done`}</Typography.Text>
            </Flex>
          ) : null}
          {step === 'report' && file && result ? (
            <ImportReport
              result={result}
              file={{ name: file.name, header: file.header, rows: file.rows, mapping }}
              onShowContacts={() => navigate('/contacts')}
              onAgain={restart}
            />
          ) : null}
        </Spin>
        {error && step !== 'file' ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
        {step === 'map' || step === 'review' ? (
          <Flex justify="space-between" wrap gap={8} style={{ marginTop: 20 }}>
            <Button onClick={() => (step === 'map' ? restart() : setStep('map'))} disabled={busy}>
              {step === 'map' ? 'Choose another file' : 'Back to mapping'}
            </Button>
            {step === 'map' ? (
              <Button type="primary" onClick={() => void check()} loading={busy} disabled={!!problem}>
                Check rows
              </Button>
            ) : (
              <Button type="primary" onClick={() => void run()} disabled={!toImport}>
                {toImport ? `Import ${plural(toImport, 'contact')}` : 'Nothing to import'}
              </Button>
            )}
          </Flex>
        ) : null}
      </Card>
    </Flex>
  );
}
