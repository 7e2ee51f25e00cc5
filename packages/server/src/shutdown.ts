/**
 * The process's end: on SIGINT or SIGTERM the steps run in order (stop taking jobs, close the
 * sockets, the HTTP server, the database) and the process exits 0; when they take longer than
 * `timeoutMs` (a stuck request, a job that never returns) it exits 1 all the same, so a deploy or
 * a restart is never held up. An unhandled rejection or exception is logged and ends the process
 * the same way, exiting 1: after one, the process's state cannot be trusted.
 */
export interface Shutdown {
  /** Runs the steps once, however often it is called; resolves with the exit code used. */
  stop(reason: string, code?: number): Promise<number>;
}

export function createShutdown(
  steps: Array<() => Promise<unknown>>,
  o: { timeoutMs: number; exit: (code: number) => void; log: (message: string, err?: unknown) => void },
): Shutdown {
  let stopping: Promise<number> | null = null;
  const run = async (reason: string, code: number): Promise<number> => {
    o.log(`Shutting down (${reason}).`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), o.timeoutMs);
    });
    const closed = (async () => {
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          o.log('A shutdown step failed:', err);
        }
      }
      return 'closed' as const;
    })();
    const outcome = await Promise.race([closed, timedOut]);
    clearTimeout(timer);
    const exitCode = outcome === 'timeout' ? 1 : code;
    if (outcome === 'timeout') o.log(`Shutdown took longer than ${o.timeoutMs} ms; exiting anyway.`);
    o.exit(exitCode);
    return exitCode;
  };
  return {
    stop: (reason, code = 0) => (stopping ??= run(reason, code)),
  };
}

/** Wires the signals and the unhandled failures of this process to `shutdown`. */
export function onProcessEnd(shutdown: Shutdown, log: (message: string, err?: unknown) => void): void {
  process.on('SIGINT', () => void shutdown.stop('SIGINT'));
  process.on('SIGTERM', () => void shutdown.stop('SIGTERM'));
  process.on('unhandledRejection', (err) => {
    log('Unhandled rejection:', err);
    void shutdown.stop('unhandled rejection', 1);
  });
  process.on('uncaughtException', (err) => {
    log('Uncaught exception:', err);
    void shutdown.stop('uncaught exception', 1);
  });
}
