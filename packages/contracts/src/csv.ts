/** RFC 4180 CSV, shared by the import and export on the server and the import screen. */

/** Parses CSV text: quoted fields, doubled quotes, CRLF or LF line ends, a byte-order mark ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('The file ends inside a quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The header row and the data rows of a CSV, rows with nothing but blanks left out (as the import counts them). */
export function csvRecords(text: string): { header: string[]; rows: string[][] } {
  const [header = [], ...rest] = parseCsv(text);
  return { header, rows: rest.filter((r) => r.some((c) => c.trim() !== '')) };
}

/** One cell as is, quoted when it must be: for CSV read back by a program. */
export function csvRawCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV cell for a spreadsheet: text that it would run as a formula is prefixed with a quote. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return csvRawCell(s);
}

/** A line of a CSV meant for a spreadsheet. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
