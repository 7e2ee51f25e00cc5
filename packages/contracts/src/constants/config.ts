/** The remotes' names (the config schemas are in ../config). */
export const REMOTE_NAMES = ['contacts', 'messages', 'phone', 'chat', 'tasks', 'admin'] as const;
