import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createShutdown } from './shutdown';

const quiet = () => undefined;

describe('shutdown', () => {
  it('runs every step in order once, however often it is asked, and exits 0', async () => {
    const ran: string[] = [];
    const exits: number[] = [];
    const shutdown = createShutdown(
      ['jobs', 'sockets', 'http', 'db'].map((name) => async () => void ran.push(name)),
      { timeoutMs: 1_000, exit: (code) => exits.push(code), log: quiet },
    );
    const [a, b] = await Promise.all([shutdown.stop('SIGTERM'), shutdown.stop('SIGINT')]);
    assert.deepEqual([a, b, ran, exits], [0, 0, ['jobs', 'sockets', 'http', 'db'], [0]]);
  });

  it('a failing step does not keep the others from running', async () => {
    const ran: string[] = [];
    const exits: number[] = [];
    const shutdown = createShutdown(
      [
        async () => {
          throw new Error('socket adapter gone');
        },
        async () => void ran.push('db'),
      ],
      { timeoutMs: 1_000, exit: (code) => exits.push(code), log: quiet },
    );
    await shutdown.stop('SIGTERM');
    assert.deepEqual([ran, exits], [['db'], [0]]);
  });

  it('exits 1 when a step hangs past the timeout', async () => {
    const exits: number[] = [];
    const shutdown = createShutdown([() => new Promise(() => undefined)], { timeoutMs: 50, exit: (code) => exits.push(code), log: quiet });
    assert.equal(await shutdown.stop('SIGTERM'), 1);
    assert.deepEqual(exits, [1]);
  });

  it('an unhandled failure ends the process with 1 after closing', async () => {
    const exits: number[] = [];
    const shutdown = createShutdown([async () => undefined], { timeoutMs: 1_000, exit: (code) => exits.push(code), log: quiet });
    assert.equal(await shutdown.stop('unhandled rejection', 1), 1);
    assert.deepEqual(exits, [1]);
  });
});
