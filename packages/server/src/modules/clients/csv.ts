/** The CSV format lives in contracts, shared with the import screen. */
export { csvCell, csvLine, parseCsv } from '@agency/contracts';
