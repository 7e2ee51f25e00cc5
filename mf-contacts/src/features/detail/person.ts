import { CO_FIELDS, PERSON_FIELDS, type Client, type ClientLevel, type PersonField } from '@agency/contracts';
import { clientDisplayName } from '@agency/ui';

/** A person's fields, with the age the server works out from their sealed date of birth. */
export type Person = Pick<Client, PersonField> & { age: number | null };

/** One person of the household: the primary's fields, or the co-applicant's under the same names. */
export function personOf(client: Client, level: ClientLevel): Person {
  if (level === 'primary') return { ...(Object.fromEntries(PERSON_FIELDS.map((f) => [f, client[f]])) as Pick<Client, PersonField>), age: client.age };
  return { ...(Object.fromEntries(PERSON_FIELDS.map((f) => [f, client[CO_FIELDS[f]]])) as Pick<Client, PersonField>), age: client.coAge };
}

/** The wire names of a person's fields: as they are for the primary, co-prefixed for the secondary. */
export function fieldName(field: PersonField, level: ClientLevel): string {
  return level === 'primary' ? field : CO_FIELDS[field];
}

/** Maps a person's values to the wire names of the chosen level. */
export function toLevel(values: Partial<Record<PersonField, unknown>>, level: ClientLevel): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [fieldName(k as PersonField, level), v]));
}

/** The birth line of a person: a date of birth arrives masked to its year. */
export const bornLabel = (dob: string) => (dob.startsWith('*') ? `Born in ${dob.slice(-4)}` : `Born ${dob}`);

export const personName = (p: Pick<Person, 'firstName' | 'preferredFirstName' | 'lastName' | 'companyName'>) => clientDisplayName(p);

export const hasPerson = (p: Person) => !!(p.firstName || p.lastName || p.preferredFirstName || p.email || p.mobilePhone || p.phone);
