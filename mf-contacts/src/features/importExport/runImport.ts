import { csvRawCell, IMPORT_BATCH_ROWS, type DuplicateAction, type ImportRequest, type ImportResult, type ImportRowResult } from '@agency/contracts';
import type { ColumnMapping } from './mapping';

/**
 * Rows sent in one request, so that a long import shows its progress and commits as it goes: the
 * server writes them in one transaction, so a request that fails wrote none of its rows.
 */
export const BATCH_ROWS = IMPORT_BATCH_ROWS;

export interface ImportPlan {
  header: string[];
  /** The data rows, numbered from 1 as the server numbers them. */
  rows: string[][];
  mapping: ColumnMapping;
  /** Row → what to do with it when it duplicates a contact; rows not listed are skipped. */
  actions: Record<number, DuplicateAction>;
}

const line = (cells: string[]) => `${cells.map(csvRawCell).join(',')}\r\n`;

/**
 * Imports the plan in batches of BATCH_ROWS rows, reporting progress after each. A batch that fails
 * stops the import: the rows it and the later batches held are reported as not imported, with the
 * reason, and nothing already imported is lost.
 */
export async function importInBatches(
  plan: ImportPlan,
  send: (body: ImportRequest) => Promise<ImportResult>,
  onProgress: (done: number, total: number) => void,
  failureText: (err: unknown) => string,
): Promise<ImportResult> {
  const total = plan.rows.length;
  const rows: ImportRowResult[] = [];
  const head = line(plan.header);
  for (let start = 0; start < total; start += BATCH_ROWS) {
    const batch = plan.rows.slice(start, start + BATCH_ROWS);
    const duplicateActions: Record<string, DuplicateAction> = {};
    batch.forEach((_, i) => {
      const action = plan.actions[start + i + 1];
      if (action) duplicateActions[String(i + 1)] = action;
    });
    try {
      const res = await send({ csv: head + batch.map(line).join(''), mapping: plan.mapping, dryRun: false, onDuplicate: 'skip', duplicateActions });
      for (const r of res.rows) rows.push({ ...r, row: r.row + start, duplicateOfRow: r.duplicateOfRow === null ? null : r.duplicateOfRow + start });
    } catch (err) {
      const reason = `Not imported: ${failureText(err) || 'the import stopped'}`;
      for (let row = start + 1; row <= total; row++) rows.push({ row, status: 'error', reason, clientId: null, duplicateOf: null, duplicateOfRow: null });
      onProgress(total, total);
      break;
    }
    onProgress(Math.min(start + BATCH_ROWS, total), total);
  }
  const count = (s: ImportRowResult['status']) => rows.filter((r) => r.status === s).length;
  return { dryRun: false, total, created: count('created'), merged: count('merged'), skipped: count('skipped'), failed: count('error'), rows };
}
