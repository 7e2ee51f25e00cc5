/**
 * Contacts: what the server sends to every signed-in user of the account when clients or tags
 * change, so open lists, tag groups and records catch up without a reload. Bursts (an import, a
 * bulk edit) arrive as one event per account every quarter of a second at most.
 */
export interface ClientsUpdate {
  /** The clients added, edited, tagged, split, merged or deleted; null when too many to list (treat every client as changed). */
  clientIds: string[] | null;
}

export interface RefreshTags {
  /** The tags created, edited or deleted; empty when only the assigned counts may have moved. */
  tagIds: string[];
}

declare module './socket' {
  interface ServerToClientEvents {
    clients_update: (update: ClientsUpdate) => void;
    refresh_tags: (refresh: RefreshTags) => void;
  }
}
