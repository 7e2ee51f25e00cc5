import type { RealtimePush } from '../../realtime/index';

/** How long changes of one account gather before they are pushed: an import of 1,000 rows is a few pushes, not 1,000. */
export const CLIENTS_PUSH_MS = 250;
/** More changed clients than this in one push are sent as `clientIds: null` (everything may have changed). */
export const CLIENTS_PUSH_MAX_IDS = 500;

interface Pending {
  clientIds: Set<string>;
  tagIds: Set<string>;
  clients: boolean;
  timer: NodeJS.Timeout;
}

/**
 * clients_update and refresh_tags to every signed-in user of the account after clients or tags
 * changed. Changes gather per account for CLIENTS_PUSH_MS from the first one, then go out as one
 * clients_update (the client ids) and one refresh_tags (tags edited, or assigned counts that may
 * have moved with the clients).
 */
export const clientsPush: RealtimePush = ({ events, nsFor, track }) => {
  const pending = new Map<string, Pending>();

  const flush = (accountId: string) => {
    const batch = pending.get(accountId);
    pending.delete(accountId);
    if (!batch) return;
    track(async () => {
      const ns = await nsFor(accountId);
      if (!ns) return;
      if (batch.clients) {
        const ids = [...batch.clientIds];
        ns.emit('clients_update', { clientIds: ids.length > CLIENTS_PUSH_MAX_IDS ? null : ids });
      }
      ns.emit('refresh_tags', { tagIds: [...batch.tagIds] });
    });
  };

  const gather = (accountId: string): Pending => {
    let batch = pending.get(accountId);
    if (!batch) {
      batch = { clientIds: new Set(), tagIds: new Set(), clients: false, timer: setTimeout(() => flush(accountId), CLIENTS_PUSH_MS) };
      pending.set(accountId, batch);
    }
    return batch;
  };

  const offClients = events.on('clientsChanged', ({ accountId, clientIds }) => {
    const batch = gather(accountId);
    batch.clients = true;
    for (const id of clientIds) batch.clientIds.add(id);
  });
  const offTags = events.on('tagsChanged', ({ accountId, tagIds }) => {
    const batch = gather(accountId);
    for (const id of tagIds) batch.tagIds.add(id);
  });

  return () => {
    offClients();
    offTags();
    for (const batch of pending.values()) clearTimeout(batch.timer);
    pending.clear();
  };
};
