import type { Review } from '@agency/contracts';

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').trim();

/** The person a review was asked of: the secondary's name when clientLevel is secondary. */
export function reviewClientName(r: Pick<Review, 'client' | 'clientLevel'>): string {
  const { client } = r;
  const primary = join(client.firstName, client.lastName);
  if (r.clientLevel === 'secondary') return join(client.coFirstName, client.coLastName) || primary;
  return primary;
}
