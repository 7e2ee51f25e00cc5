import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { devRemotes } from './routes';

describe('DEV_REMOTES', () => {
  it('maps remotes to their dev servers and ignores what is not a name=url pair', () => {
    assert.deepEqual(devRemotes(undefined), {});
    assert.deepEqual(devRemotes('contacts=http://localhost:3001/mf-manifest.json, chat = http://localhost:3004/mf-manifest.json'), {
      contacts: 'http://localhost:3001/mf-manifest.json',
      chat: 'http://localhost:3004/mf-manifest.json',
    });
    assert.deepEqual(devRemotes('contacts,tasks=ftp://x,=http://y'), {});
  });
});
