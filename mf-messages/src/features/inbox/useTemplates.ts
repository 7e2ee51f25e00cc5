import { useLiveQuery } from '@agency/ui';
import { clientsApi, templatesApi } from '@agency/api-client';
import { fillTemplate, placeholderValues, type ClientFull, type MessageTemplate, type SmsRoom } from '@agency/contracts';

const digits = (n: string | null | undefined) => (n ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** The values a template is filled with for the room's person: the secondary when the room texts the co-applicant's mobile. */
export function valuesForRoom(full: ClientFull | null, room: Pick<SmsRoom, 'phoneNumber'>) {
  if (!full) return {};
  const c = full.client;
  const secondary = !!c.coMobilePhone && digits(c.coMobilePhone) === digits(room.phoneNumber) && digits(c.mobilePhone) !== digits(room.phoneNumber);
  const address = full.addresses.find((a) => a.type === 'Physical') ?? full.addresses[0] ?? null;
  return placeholderValues(
    secondary
      ? {
          firstName: c.coFirstName,
          preferredFirstName: c.coPreferredFirstName,
          lastName: c.coLastName,
          phone: c.coPhone,
          mobilePhone: c.coMobilePhone,
          address,
        }
      : { firstName: c.firstName, preferredFirstName: c.preferredFirstName, lastName: c.lastName, phone: c.phone, mobilePhone: c.mobilePhone, address },
  );
}

/** The message templates (team and mine) and a filler for the room's client; the raw template when filling cannot be done. */
export function useTemplates(room: SmsRoom) {
  const templates = useLiveQuery<MessageTemplate[]>(() => templatesApi.list('message')).data ?? [];
  const clientId = room.client?.id ?? null;
  const client = useLiveQuery<ClientFull>(clientId ? () => clientsApi.full(clientId) : null, null, clientId).data;
  // never another room's client while this one's is on its way
  const full = client && client.client.id === clientId ? client : null;
  const fill = (t: MessageTemplate) => fillTemplate(t.template, valuesForRoom(full, room));
  return { templates, fill };
}
