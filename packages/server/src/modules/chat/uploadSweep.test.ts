import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DEMO, startTestServer, type TestServer } from '../../testing/harness';
import type { FileStorage } from '../../providers/files/index';
import { sweepUploads } from './uploadSweep';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(() => s.close());

describe('the chat uploads sweep', () => {
  it('removes the files of deleted messages and of uploads never sent within a day, and keeps the rest', async () => {
    await s.db.query(`insert into chat_rooms (account_id, id, format, title) values ($1, 'sweep-room', 'group', 'Sweep')`, [DEMO]);
    const removed: string[] = [];
    const storage = { remove: async (key: string) => void removed.push(key) } as unknown as FileStorage;
    const upload = async (key: string, extra: { removed?: boolean; ageHours: number }) =>
      s.db.query(
        `insert into chat_uploads (id, account_id, room_id, name, type, size, storage_key, removed_at, created_at)
         values ($1, $2, 'sweep-room', 'a.png', 'image/png', 10, $3, $4, now() - make_interval(hours => $5))`,
        [randomUUID(), DEMO, key, extra.removed ? new Date() : null, extra.ageHours],
      );
    await upload('deleted-message', { removed: true, ageHours: 1 });
    await upload('never-sent', { ageHours: 25 });
    await upload('being-written', { ageHours: 1 });
    assert.equal(await sweepUploads(s.app.deps, storage), 2);
    assert.deepEqual(removed.sort(), ['deleted-message', 'never-sent']);
    const left = await s.db.query<{ storage_key: string }>('select storage_key from chat_uploads where room_id = $1', ['sweep-room']);
    assert.deepEqual(
      left.map((r) => r.storage_key),
      ['being-written'],
    );
  });
});
