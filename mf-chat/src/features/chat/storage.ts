/** What the chat keeps in this browser: drafts per room and messages not yet acknowledged. */
const draftKey = (userId: string, roomId: string) => `agency.chat.draft.${userId}.${roomId}`;
const outboxKey = (userId: string) => `agency.chat.outbox.${userId}`;

export interface OutboxEntry {
  id: string;
  roomId: string;
  message: string;
  fileIds: string[];
  createdAt: string;
  /** The server refused it (not to be retried by itself). */
  refused?: string;
}

export const drafts = {
  get: (userId: string, roomId: string) => localStorage.getItem(draftKey(userId, roomId)) ?? '',
  set(userId: string, roomId: string, text: string) {
    if (text) localStorage.setItem(draftKey(userId, roomId), text);
    else localStorage.removeItem(draftKey(userId, roomId));
  },
};

export const outboxStore = {
  load(userId: string): OutboxEntry[] {
    try {
      const list = JSON.parse(localStorage.getItem(outboxKey(userId)) ?? '[]') as OutboxEntry[];
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  },
  save(userId: string, entries: OutboxEntry[]) {
    if (entries.length) localStorage.setItem(outboxKey(userId), JSON.stringify(entries));
    else localStorage.removeItem(outboxKey(userId));
  },
};
