import { Worker } from "node:worker_threads";
import type { MailTransport, TransportSettings } from "~/server/mail-transport.server";
import type { OutboxMessage } from "~/types/outbox";

/** What crosses from the mail thread for a message that could not be sent. */
export type SendFailure = { name: string; message: string; code?: string | number };

export type ThreadRequest = { id: number; row: OutboxMessage };
export type ThreadReply = { id: number; failure?: SendFailure };

/** An error as the mail worker reads it: the message for the outbox row, the code for the log. */
export function sendFailure(error: unknown): SendFailure {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
  };
}

const asError = ({ name, message, code }: SendFailure) =>
  Object.assign(new Error(message), { name, code });

/**
 * Source for a thread that runs TypeScript (development and tests, where tsx is installed); the
 * build runs its bundled JavaScript entry directly.
 */
const typeScriptThread = (entry: URL) =>
  `import { register } from "tsx/esm/api"; register(); await import(${JSON.stringify(entry.href)});`;

/**
 * A mail transport whose work (building each MIME message, and the SMTP conversation or the file
 * write) happens on a thread of its own, so that a burst of bookings' e-mails costs the request
 * thread only a message each way. `entry` is the thread's module (`server/mail-thread.ts`, or its
 * build). A thread that dies fails the messages it held, which the worker then retries, and the
 * next message starts a new thread.
 */
export function threadedMailTransport(settings: TransportSettings, entry: URL): MailTransport {
  let thread: Worker | undefined;
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;

  const start = () => {
    const worker = entry.pathname.endsWith(".ts")
      ? new Worker(typeScriptThread(entry), { eval: true, workerData: settings })
      : new Worker(entry, { workerData: settings });
    worker.on("message", ({ id, failure }: ThreadReply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (failure) waiting?.reject(asError(failure));
      else waiting?.resolve();
    });
    const lost = (error: Error) => {
      if (thread === worker) thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`mail thread exited with code ${code}`)));
    // The mail thread must not keep a stopping server alive.
    worker.unref();
    return worker;
  };

  return {
    send(row) {
      thread ??= start();
      const id = (nextId += 1);
      const sent = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      thread.postMessage({ id, row } satisfies ThreadRequest);
      return sent;
    },
    close() {
      void thread?.terminate();
      thread = undefined;
    },
  };
}
