import type { AppDeps } from '../../app';
import { createFileStorage, type FileStorage } from '../../providers/files/index';

export const CHAT_UPLOAD_SWEEP_JOB = 'chat.upload-sweep';

/** Removes from storage the files of deleted messages and uploads never sent within a day. */
export async function sweepUploads(deps: Pick<AppDeps, 'db'>, storage: FileStorage): Promise<number> {
  const rows = await deps.db.query<{ storage_key: string }>(
    `delete from chat_uploads
      where removed_at is not null or (message_id is null and created_at < now() - interval '1 day')
      returning storage_key`,
  );
  for (const r of rows) await storage.remove(r.storage_key).catch(() => undefined);
  return rows.length;
}

/** The sweep every ten minutes, as a pg-boss schedule (one process sweeps each time). */
export async function scheduleChatUploadSweep(deps: AppDeps, storage: FileStorage = createFileStorage(deps.config.dataDir)): Promise<void> {
  await deps.jobs?.every(CHAT_UPLOAD_SWEEP_JOB, '*/10 * * * *', async () => {
    await sweepUploads(deps, storage);
  });
}
