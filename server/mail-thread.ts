// The mail thread's entry (see app/lib/mail-thread.server.ts): sends what the mail worker hands it.
import { parentPort, workerData } from "node:worker_threads";
import { createMailTransport, type TransportSettings } from "~/lib/mail-transport.server";
import { sendFailure, type ThreadReply, type ThreadRequest } from "~/lib/mail-thread.server";

const port = parentPort!;
const transport = createMailTransport(workerData as TransportSettings);

port.on("message", ({ id, row }: ThreadRequest) => {
  transport.send(row).then(
    () => port.postMessage({ id } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id, failure: sendFailure(error) } satisfies ThreadReply),
  );
});
