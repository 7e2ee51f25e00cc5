import type { Readable } from 'node:stream';
import { createLocalFiles } from './local';
import { createS3Files, s3ConfigFrom } from './s3';

/** Where uploaded files live: the disk under DATA_DIR by default, S3 when it is configured. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (`<area>/<account>/<...>/<uuid>`); anything else is refused. */
export function assertKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_:.-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}

/** S3 when S3_BUCKET is set (with S3_REGION and credentials), otherwise `<dataDir>/files`. */
export function createFileStorage(dataDir: string, env: NodeJS.ProcessEnv = process.env): FileStorage {
  const s3 = s3ConfigFrom(env);
  return s3 ? createS3Files(s3) : createLocalFiles(`${dataDir}/files`);
}
