import { CO_FIELDS, PERSON_FIELDS, type Client, type ClientLevel, type PersonField } from '@agency/contracts';
import { clientDisplayName } from '@agency/ui';

export type Person = Pick<Client, PersonField>;

/** One person of the household: the primary's fields, or the co-applicant's under the same names. */
export function personOf(client: Client, level: ClientLevel): Person {
  if (level === 'primary') return Object.fromEntries(PERSON_FIELDS.map((f) => [f, client[f]])) as Person;
  return Object.fromEntries(PERSON_FIELDS.map((f) => [f, client[CO_FIELDS[f]]])) as Person;
}

/** The wire names of a person's fields: as they are for the primary, co-prefixed for the secondary. */
export function fieldName(field: PersonField, level: ClientLevel): string {
  return level === 'primary' ? field : CO_FIELDS[field];
}

/** Maps a person's values to the wire names of the chosen level. */
export function toLevel(values: Partial<Record<PersonField, unknown>>, level: ClientLevel): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [fieldName(k as PersonField, level), v]));
}

export const personName = (p: Pick<Person, 'firstName' | 'preferredFirstName' | 'lastName' | 'companyName'>) => clientDisplayName(p);

export const hasPerson = (p: Person) => !!(p.firstName || p.lastName || p.preferredFirstName || p.email || p.mobilePhone || p.phone);
