import { api } from '@agency/api-client';

export interface ClientOption {
  id: string;
  name: string;
}

type Listed = { id?: unknown; name?: unknown; firstName?: unknown; lastName?: unknown; preferredFirstName?: unknown };

/** A contact's name as the contact list writes it. */
const nameOf = (c: Listed) =>
  typeof c.name === 'string' && c.name ? c.name : [c.preferredFirstName || c.firstName, c.lastName].filter((p) => typeof p === 'string' && p).join(' ');

/** Contacts matching the text, from the contacts list (GET /clients), for a card's client field. */
export async function searchClients(search: string): Promise<ClientOption[]> {
  const { data } = await api.get<unknown>('/clients', { params: { search, limit: 10, page: 1 } });
  const body = data as { clients?: unknown; data?: unknown; items?: unknown } | unknown[];
  const rows = (Array.isArray(body) ? body : (body.clients ?? body.data ?? body.items ?? [])) as Listed[];
  return rows.filter((c) => typeof c.id === 'string').map((c) => ({ id: String(c.id), name: nameOf(c) || 'Unnamed client' }));
}
