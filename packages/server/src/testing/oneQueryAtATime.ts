/*
 * Loaded before every server test file (`--import`, see scripts/test.mjs): pg's warning that a
 * query was sent to a connection still running another fails the tests instead of scrolling past.
 * Inside a transaction such queries interleave its statements, and pg 9 will refuse them. The
 * error is thrown where the query was sent, so its stack names the code that did it; the file's
 * run fails as well, whoever caught the error.
 */
const OVERLAP = 'Calling client.query() when the client is already executing a query';
let overlapped = false;
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const message = typeof warning === 'string' ? warning : warning.message;
  if (message.includes(OVERLAP)) {
    overlapped = true;
    const error = new Error(`Two queries at once on one PostgreSQL connection: ${message}`);
    console.error(error.stack);
    throw error;
  }
  return (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
process.on('exit', () => {
  if (overlapped) process.exitCode = 1;
});
