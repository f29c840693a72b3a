// The mail thread's entry, started by app/server/threaded-mail-transport.server.ts: it sends what
// the mail worker hands it.
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createMailTransport, type TransportSettings } from "~/server/mail-transport.server";
import {
  sendFailure,
  type ThreadReply,
  type ThreadRequest,
} from "~/server/threaded-mail-transport.server";

/**
 * Mail is background work that the outbox lets wait: under a burst, requests and the database go
 * first and the mail catches up after. Linux schedules threads as tasks with an id of their own,
 * so this thread alone can be given a lower priority; elsewhere it keeps the process's.
 */
function yieldToRequests() {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    os.setPriority(threadId, 10);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}

yieldToRequests();
const port = parentPort!;
const transport = createMailTransport(workerData as TransportSettings);

port.on("message", ({ id, row }: ThreadRequest) => {
  transport.send(row).then(
    () => port.postMessage({ id } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id, failure: sendFailure(error) } satisfies ThreadReply),
  );
});
