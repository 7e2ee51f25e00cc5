/** The CSV format lives in contracts, shared with the import screen. */
export { csvCell, csvLine, csvRecords, parseCsv } from '@agency/contracts';
