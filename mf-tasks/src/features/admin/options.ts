import { api, errorMessage, taskBoardsApi, usersApi } from '@agency/api-client';
import type { TaskBoard, TaskBoardTag, TaskUser } from '@agency/contracts';

/** The agency's users, for a board's allowed users. */
export async function loadUsers(boards: TaskBoard[]): Promise<TaskUser[]> {
  try {
    return (await usersApi.list()).map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, avatar: u.avatar }));
  } catch {
    // the users list is the users module's; a board open to everyone lists the same people
    const seen = new Map<string, TaskUser>();
    const open = boards.find((b) => b.allowedUsers.length === 0) ?? (boards[0] ? await taskBoardsApi.get(boards[0].id) : null);
    for (const u of open?.users ?? []) seen.set(u.id, u);
    for (const b of boards) for (const u of b.users) seen.set(u.id, u);
    return [...seen.values()].sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  }
}

/** The agency's tags (GET /tags, sorted by name, up to 100), for a board's assigned tags. */
export async function loadTags(): Promise<{ tags: TaskBoardTag[]; error: string | null }> {
  try {
    const { data } = await api.get<unknown>('/tags', { params: { sort: 'name', limit: 100 } });
    const body = data as { tags?: unknown; data?: unknown } | unknown[];
    const rows = (Array.isArray(body) ? body : (body.tags ?? body.data ?? [])) as Array<{ id?: unknown; name?: unknown }>;
    return { tags: rows.filter((t) => typeof t.id === 'string').map((t) => ({ id: String(t.id), name: String(t.name ?? '') })), error: null };
  } catch (err) {
    return { tags: [], error: `error loading tags: ${errorMessage(err)}` };
  }
}
