import { clientsApi } from '@agency/api-client';
import { clientDisplayName } from '@agency/ui';
import type { ClientListResponse } from '@agency/contracts';

export interface ClientOption {
  id: string;
  name: string;
}

type Listed = ClientListResponse['items'][number];

/** A contact's name as the contact list writes it. */
export const clientLabel = (c: Listed) => clientDisplayName(c) || c.email || c.mobilePhone || c.phone || 'Unnamed client';

/** Contacts matching the text, from the contact list, for a card's client field. */
export async function searchClients(search: string): Promise<ClientOption[]> {
  const { items } = await clientsApi.list({ search, limit: 10 });
  return items.map((c) => ({ id: c.id, name: clientLabel(c) }));
}
