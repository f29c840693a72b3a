import { logError } from "~/server/log.server";

/**
 * postgres.js 3.4.9 sometimes writes to a connection it has just closed, from a setImmediate
 * callback, when the server goes away under load (porsager/postgres#1154, #1208; fixed upstream
 * only in unreleased pull requests). The query concerned has already been rejected with
 * CONNECTION_CLOSED and answered 503, so the error is harmless, but thrown outside any request it
 * would end the process; our crash-consistency run (bench/crash-consistency.ts) hit it every time.
 */
function isPostgresWriteAfterClose(error: unknown) {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /nextWrite .*postgres[/\\]src[/\\]connection\.js/.test(error.stack ?? "")
  );
}

/**
 * Survive that one known error; any other uncaught error still stops the process, as Node would.
 */
export function exitOnUncaughtErrors() {
  process.on("uncaughtException", (error) => {
    if (isPostgresWriteAfterClose(error)) {
      logError("ignored postgres.js write on a closed connection", error, {}, "warn");
      return;
    }
    logError("uncaught exception", error);
    process.exit(1);
  });
}
