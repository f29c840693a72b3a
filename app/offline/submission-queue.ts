import { offlineChannelName } from "~/offline/offline-channel";
import { offlineDb, type QueuedSubmission, type SubmissionOutcome } from "~/offline/offline-db";
import { queuedDoors, type QueuedAnswer, type QueuedForm } from "~/offline/queued-answer";

/** The Background Sync tag the service worker sends kept submissions under. */
export const sendKeptTag = "send-kept-submissions";

const announce = () => {
  const channel = new BroadcastChannel(offlineChannelName);
  channel.postMessage("changed");
  channel.close();
};

type SyncCapable = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Keeps a form's submission on this phone, submission key included, and asks the service worker
 * (`registration`) to send it when the connection is back (Background Sync, where the browser has
 * it; otherwise the next page opened online sends it).
 */
export async function keepSubmission(
  form: QueuedForm,
  formData: FormData,
  registration: SyncCapable,
): Promise<QueuedSubmission> {
  const fields = [...formData].flatMap(([name, value]): [string, string][] =>
    typeof value === "string" && name !== "intent" ? [[name, value]] : [],
  );
  const kept = { id: crypto.randomUUID(), form, fields, queuedAt: Date.now() };
  await (await offlineDb()).put("queued", kept);
  announce();
  try {
    await registration.sync?.register(sendKeptTag);
  } catch {
    // No Background Sync here: the page sends it when it is next open and online.
  }
  return kept;
}

export async function keptSubmissions() {
  return (await offlineDb()).getAll("queued");
}

export async function submissionOutcomes() {
  return (await offlineDb()).getAll("outcomes");
}

/** The visitor gave it up, or has seen what became of it: nothing of it stays on the phone. */
export async function forgetSubmission(id: string) {
  const tx = (await offlineDb()).transaction(["queued", "outcomes"], "readwrite");
  await Promise.all([
    tx.objectStore("queued").delete(id),
    tx.objectStore("outcomes").delete(id),
    tx.done,
  ]);
  announce();
}

type Attempt = SubmissionOutcome | "offline" | "later";

/**
 * A send that hangs on a weak signal gives up, so the next sender (page or worker) is not kept
 * waiting.
 */
const answerWaitMs = 15_000;

async function post(kept: QueuedSubmission): Promise<QueuedAnswer | "offline" | undefined> {
  try {
    const response = await fetch(queuedDoors[kept.form], {
      method: "POST",
      body: new URLSearchParams(kept.fields),
      headers: { accept: "application/json" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(answerWaitMs),
    });
    return (await response.json().catch(() => undefined)) as QueuedAnswer | undefined;
  } catch {
    return "offline";
  }
}

async function attempt(kept: QueuedSubmission, keyRenewed = false): Promise<Attempt> {
  const answer = await post(kept);
  if (answer === "offline") return "offline";
  const settled = { id: kept.id, form: kept.form, settledAt: Date.now() };
  switch (answer?.outcome) {
    case "sent":
      return { ...settled, status: "sent", location: answer.location };
    case "refused":
      return { ...settled, status: "refused", answer: answer.answer };
    case "new-key": {
      if (keyRenewed) return "later";
      const renewed = {
        ...kept,
        fields: kept.fields.map(([name, value]): [string, string] => [
          name,
          name === "submissionKey" ? answer.submissionKey : value,
        ]),
      };
      // Kept under the new key first, so a retry after a lost answer is recognised by the server.
      await (await offlineDb()).put("queued", renewed);
      return attempt(renewed, true);
    }
    default:
      return "later";
  }
}

async function sendEach(): Promise<boolean> {
  const db = await offlineDb();
  let allSent = true;
  for (const kept of await db.getAll("queued")) {
    const result = await attempt(kept);
    if (result === "offline") return false;
    if (result === "later") {
      allSent = false;
      continue;
    }
    const tx = db.transaction(["queued", "outcomes"], "readwrite");
    await Promise.all([
      tx.objectStore("queued").delete(kept.id),
      tx.objectStore("outcomes").put(result),
      tx.done,
    ]);
    announce();
  }
  return allSent;
}

/**
 * Sends every kept submission under the key it was kept with, so each is stored once however
 * often it is sent (by the page and the service worker at once, or again after a lost answer).
 * One sender at a time where the browser has Web Locks. Resolves false when something is still
 * kept (no connection, or the server asked to try later).
 */
export function sendKeptSubmissions(): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request("wefix-send-kept", sendEach) : sendEach();
}
