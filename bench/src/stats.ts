export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '-');

/** A plain text table: the first row is the header; numbers-looking cells align right. */
export function table(title: string, rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const numeric = (s: string) => /^[\d.,-]+( ?(KB|ms|\/s|%))?$/.test(s) || s === '-';
  const line = (r: string[]) => r.map((cell, c) => (numeric(cell) && c > 0 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ');
  const out = [`\n${title}`, line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  return out.join('\n');
}
