import type { ClientListItem } from '@agency/contracts';
import { clientDisplayName } from '@agency/ui';

type Named = Pick<ClientListItem, 'firstName' | 'preferredFirstName' | 'lastName' | 'companyName'>;

/** The name a contact row shows: preferred (or first) name and last name; the company when nameless. */
export function displayName(c: Partial<Named>): string {
  return clientDisplayName(c, 'Unnamed contact');
}

/** The co-applicant's name, or ''. */
export function coDisplayName(c: Partial<Pick<ClientListItem, 'coFirstName' | 'coPreferredFirstName' | 'coLastName'>>): string {
  return [c.coPreferredFirstName || c.coFirstName, c.coLastName].filter(Boolean).join(' ');
}
