import { csvLine, type ImportResult, type ImportRowResult } from '@agency/contracts';

export const STATUS_LABELS: Record<ImportRowResult['status'], string> = {
  created: 'Created',
  merged: 'Merged',
  skipped: 'Skipped',
  error: 'Invalid',
};

/** The rows a report lists: every row not imported, and those imported with a remark. */
export const reportedRows = (result: ImportResult) => result.rows.filter((r) => r.status === 'skipped' || r.status === 'error' || r.reason !== null);

/**
 * The report as CSV: the file's own columns first (so the rows can be fixed and imported again),
 * then the row number, what happened and why.
 */
export function reportCsv(result: ImportResult, header: string[], rows: string[][]): string {
  let out = csvLine([...header, 'Row', 'Result', 'Reason']);
  for (const r of reportedRows(result)) {
    const cells = rows[r.row - 1] ?? [];
    out += csvLine([...header.map((_, i) => cells[i] ?? ''), r.row, STATUS_LABELS[r.status], r.reason ?? '']);
  }
  return out;
}
