// A number's and a campaign's carrier values in people's words.

const USECASE_LABELS: Record<string, string> = { marketing: 'Marketing', discussion: 'Discussion', undeclared: 'Undeclared' };
const NUMBER_STATUS_LABELS: Record<string, string> = { 'in-use': 'In use', 'porting-in': 'Port pending', released: 'Released', pending: 'Pending' };
/** A carrier's word in the people's: a known one by name, any other with its words split and the first capitalised. */
function words(labels: Record<string, string>, value: string): string {
  if (labels[value]) return labels[value];
  const plain = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}
export const usecaseLabel = (usecase: string) => words(USECASE_LABELS, usecase);
export const numberStatusLabel = (status: string) => words(NUMBER_STATUS_LABELS, status);
