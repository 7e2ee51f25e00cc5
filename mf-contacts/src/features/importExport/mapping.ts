import { IMPORT_FIELDS, IMPORT_MAX_CHARS, type ImportField, type ImportPreview } from '@agency/contracts';

/** What each contact field is called on screen, in the order the mapping selects offer them. */
export const FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First Name',
  preferredFirstName: 'Preferred First Name',
  lastName: 'Last Name',
  suffix: 'Suffix',
  companyName: 'Company',
  email: 'Email',
  phone: 'Home Phone',
  mobilePhone: 'Mobile Phone',
  gender: 'Gender',
  dob: 'Date of Birth',
  occupation: 'Occupation',
  employerName: 'Employer',
  coFirstName: 'Co-Applicant First Name',
  coPreferredFirstName: 'Co-Applicant Preferred First Name',
  coLastName: 'Co-Applicant Last Name',
  coEmail: 'Co-Applicant Email',
  coPhone: 'Co-Applicant Home Phone',
  coMobilePhone: 'Co-Applicant Mobile Phone',
  coGender: 'Co-Applicant Gender',
  coDOB: 'Co-Applicant Date of Birth',
  affliateVia: 'Referred By',
  aflliateOn: 'Referred On',
  address: 'Address',
  address2: 'Address 2',
  city: 'City',
  county: 'County',
  state: 'State',
  zipcode: 'Zip Code',
  tags: 'Tags',
  note: 'Note',
};

/** Header → field ('' leaves the column out). */
export type ColumnMapping = Record<string, ImportField | ''>;

const isField = (v: string): v is ImportField => (IMPORT_FIELDS as readonly string[]).includes(v);

/** Every column of the file, set to the field the server guessed from its header, or left out. */
export function guessMapping(preview: Pick<ImportPreview, 'headers' | 'suggestedMapping'>): ColumnMapping {
  const out: ColumnMapping = {};
  for (const h of preview.headers) {
    const guess = preview.suggestedMapping[h];
    out[h] = guess && isField(guess) ? guess : '';
  }
  return out;
}

/** What stops the mapping from being used: nothing mapped, or one field taken by two columns. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  const used = Object.entries(mapping).filter(([, f]) => f);
  if (!used.length) return 'Map at least one column to a contact field.';
  const seen = new Map<string, string>();
  for (const [header, field] of used) {
    const first = seen.get(field);
    if (first !== undefined) return `"${first}" and "${header}" are both mapped to ${FIELD_LABELS[field as ImportField]}. Leave one of them out.`;
    seen.set(field, header);
  }
  if (!used.some(([, f]) => f === 'firstName' || f === 'lastName' || f === 'companyName')) {
    return 'Map a column to First Name, Last Name or Company: every contact needs one.';
  }
  return null;
}

/** The largest file the import takes. */
export const MAX_FILE_BYTES = IMPORT_MAX_CHARS;

/** Why a chosen file cannot be imported, or null when it can. */
export function fileProblem(file: { name: string; size: number; type?: string }): string | null {
  const csvType = !file.type || ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv', 'text/x-csv'].includes(file.type);
  if (!/\.csv$/i.test(file.name) || !csvType) return `${file.name} is not a CSV file. Save the sheet as CSV (comma-separated values) and choose that file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_FILE_BYTES) return `${file.name} is larger than 10 MB. Split it into smaller files and import them one by one.`;
  return null;
}

/** The value a row holds for a field under the mapping ('' when no column is mapped to it). */
export function cellOf(cells: string[], header: string[], mapping: ColumnMapping, field: ImportField): string {
  const i = header.findIndex((h) => mapping[h.trim()] === field);
  return i >= 0 ? (cells[i] ?? '').trim() : '';
}

/** How a row of the file is named on screen: its person or company, else its first value. */
export function rowName(cells: string[], header: string[], mapping: ColumnMapping): string {
  const get = (f: ImportField) => cellOf(cells, header, mapping, f);
  const name = [get('firstName'), get('lastName')].filter(Boolean).join(' ') || get('companyName');
  return name || cells.find((c) => c.trim())?.trim() || '(no name)';
}

/** The phone and email of a row, what duplicates are found by. */
export function rowContact(cells: string[], header: string[], mapping: ColumnMapping): string {
  const get = (f: ImportField) => cellOf(cells, header, mapping, f);
  return [get('mobilePhone') || get('phone'), get('email')].filter(Boolean).join(' · ');
}

/** Reads a chosen file as text. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error('The file could not be read. Choose it again.'));
    reader.readAsText(file);
  });
}
