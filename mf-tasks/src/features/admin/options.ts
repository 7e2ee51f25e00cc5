import { errorMessage, tagsApi, usersApi } from '@agency/api-client';
import type { TaskBoardTag, TaskUser } from '@agency/contracts';

/** The agency's users, for a board's allowed users. */
export async function loadUsers(): Promise<{ users: TaskUser[]; error: string | null }> {
  try {
    return { users: (await usersApi.list()).map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, avatar: u.avatar })), error: null };
  } catch (err) {
    return { users: [], error: `Unable to load users: ${errorMessage(err)}` };
  }
}

/** The agency's tags (sorted by name, up to 100), for a board's assigned tags. */
export async function loadTags(): Promise<{ tags: TaskBoardTag[]; error: string | null }> {
  try {
    return { tags: (await tagsApi.list({ sort: 'name', limit: 100 })).map((t) => ({ id: t.id, name: t.name })), error: null };
  } catch (err) {
    return { tags: [], error: `error loading tags: ${errorMessage(err)}` };
  }
}
