import { offlineChannelName } from "~/offline/offline-channel";
import { offlineDb, type QueuedSubmission, type SubmissionOutcome } from "~/offline/offline-db";
import { queuedDoors, type QueuedAnswer, type QueuedForm } from "~/offline/queued-answer";
import { askLanded, underKeyLock } from "~/offline/submission-landed";

/** The Background Sync tag the service worker sends kept submissions under. */
export const sendKeptTag = "send-kept-submissions";

/** What pages hear on the offline channel: the kept submissions changed, or one is being asked about. */
export type OfflineNews = "changed" | { type: "checking"; key: string };

export const announce = (news: OfflineNews = "changed") => {
  const channel = new BroadcastChannel(offlineChannelName);
  channel.postMessage(news);
  channel.close();
};

type SyncCapable = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** The submission key a kept submission was typed under (each form carries one). */
export const submissionKeyOf = (kept: Pick<QueuedSubmission, "fields">) =>
  kept.fields.find(([name]) => name === "submissionKey")?.[1] ?? "";

/**
 * Takes off the phone the copies under `key` that the visitor took back without an answer from
 * the server: the form is being sent again under that key (changed), so what becomes of the key
 * is that submission's now.
 */
export async function dropWithdrawn(key: string) {
  const db = await offlineDb();
  const withdrawn = (await db.getAll("queued")).filter(
    (kept) => kept.withdrawn && submissionKeyOf(kept) === key,
  );
  for (const kept of withdrawn) await db.delete("queued", kept.id);
}

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
  await dropWithdrawn(submissionKeyOf(kept));
  await (await offlineDb()).put("queued", kept);
  announce();
  try {
    await registration.sync?.register(sendKeptTag);
  } catch {
    // No Background Sync here: the page sends it when it is next open and online.
  }
  return kept;
}

/** Every submission kept on this phone: those waiting to be sent and those taken back. */
export async function keptSubmissions() {
  return (await offlineDb()).getAll("queued");
}

/** Waiting to be sent: kept and not taken back. */
export const isWaiting = (kept: QueuedSubmission) => !kept.withdrawn;

export async function submissionOutcomes() {
  return (await offlineDb()).getAll("outcomes");
}

/** Notes what became of a submission, for the page to show (and then forget). */
export async function recordOutcome(outcome: SubmissionOutcome) {
  await (await offlineDb()).put("outcomes", outcome);
  announce();
}

/** The visitor has seen what became of it: nothing of it stays on the phone. */
export async function forgetSubmission(id: string) {
  const tx = (await offlineDb()).transaction(["queued", "outcomes"], "readwrite");
  await Promise.all([
    tx.objectStore("queued").delete(id),
    tx.objectStore("outcomes").delete(id),
    tx.done,
  ]);
  announce();
}

/**
 * What became of a kept submission the visitor changed or deleted: it had landed (and shows at
 * `location`); it had not, and is gone from the phone; the server could not be asked, so it is
 * withdrawn (never sent; asked about once the connection is back); or it was settled meanwhile
 * (sent or refused, or taken back elsewhere), which the page shows as any outcome.
 */
export type Withdrawal =
  | { status: "landed"; location: string }
  | { status: "removed" }
  | { status: "withdrawn" }
  | { status: "settled" };

/**
 * A page that asks about a submission it took back is given this long (a post on its way holds the
 * key for up to a minute, a send before it and the question take less) before the queue takes the
 * question over: the page was closed.
 */
const askingGraceMs = 180_000;

/**
 * Gone from the phone while the visitor took it back: settled by a sender (its outcome shows as
 * any), or, with no outcome, forgotten because it never landed.
 */
const goneMeanwhile = async (id: string): Promise<Withdrawal> =>
  (await (await offlineDb()).get("outcomes", id)) ? { status: "settled" } : { status: "removed" };

/**
 * The visitor changes or deletes a kept submission (decision 0060). At once, before anything else
 * is awaited, it is marked withdrawn: a sender that was waiting for the key's lock (a background
 * sync, another tab) then sends nothing. Under the lock, so that no post of it is on its way (the
 * form's own, the queue's), the server is asked whether it landed. Nothing ever sends a copy that
 * was taken back.
 */
export async function withdrawSubmission(kept: QueuedSubmission): Promise<Withdrawal> {
  const key = submissionKeyOf(kept);
  const db = await offlineDb();
  const tx = db.transaction("queued", "readwrite");
  const marked = await tx.store.get(kept.id);
  if (marked) await tx.store.put({ ...marked, withdrawn: "asking", withdrawnAt: Date.now() });
  await tx.done;
  if (!marked) return goneMeanwhile(kept.id);
  return underKeyLock(key, async () => {
    const current = await db.get("queued", kept.id);
    if (!current) return goneMeanwhile(kept.id);
    const landing = await askLanded(kept.form, key);
    if (landing === "unknown") {
      await db.put("queued", { ...current, withdrawn: "unanswered" });
      announce();
      return { status: "withdrawn" };
    }
    await forgetSubmission(kept.id);
    return landing.landed
      ? { status: "landed", location: landing.location }
      : { status: "removed" };
  });
}

/** Taken back, and the page that took it back is (or may still be) asking about it. */
const beingAsked = (kept: QueuedSubmission, now: number) =>
  kept.withdrawn === "asking" && now - (kept.withdrawnAt ?? 0) < askingGraceMs;

/**
 * What one send came to: an outcome to show, `forget` (a copy taken back that never landed),
 * `gone` (another sender settled it), or nothing now (`offline`: no answer, stop for now; `later`:
 * the server asked to try again).
 */
type Attempt = SubmissionOutcome | "forget" | "gone" | "offline" | "later";

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

/**
 * Sends one kept submission, as it is on the phone now: first the server is asked whether its key
 * landed (a form's own post may have arrived after all), and only a copy that did not land and was
 * not taken back is sent.
 */
async function attempt(id: string, keyRenewed = false): Promise<Attempt> {
  const db = await offlineDb();
  const kept = await db.get("queued", id);
  if (!kept) return "gone";
  if (beingAsked(kept, Date.now())) return "later";
  const landing = await askLanded(kept.form, submissionKeyOf(kept));
  if (landing === "unknown") return "offline";
  // Taken back while the server was asked: the page that took it back settles it.
  const now = await db.get("queued", id);
  if (!now) return "gone";
  if (beingAsked(now, Date.now())) return "later";
  const settled = { id, form: kept.form, settledAt: Date.now() };
  if (landing.landed)
    return { ...settled, status: now.withdrawn ? "landed" : "sent", location: landing.location };
  if (now.withdrawn) return "forget";

  const answer = await post(kept);
  if (answer === "offline") return "offline";
  switch (answer?.outcome) {
    case "sent":
      return { ...settled, status: "sent", location: answer.location };
    case "refused":
      return { ...settled, status: "refused", answer: answer.answer };
    case "new-key": {
      if (keyRenewed) return "later";
      // Kept under the new key first, so a retry after a lost answer is recognised by the server.
      await db.put("queued", {
        ...kept,
        fields: kept.fields.map(([name, value]): [string, string] => [
          name,
          name === "submissionKey" ? answer.submissionKey : value,
        ]),
      });
      return attempt(id, true);
    }
    default:
      return "later";
  }
}

/** One kept submission sent (or asked about) and settled, under its key's lock. */
function sendOne(kept: QueuedSubmission): Promise<Attempt> {
  return underKeyLock(submissionKeyOf(kept), async () => {
    const result = await attempt(kept.id);
    if (typeof result === "string" && result !== "forget") return result;
    const tx = (await offlineDb()).transaction(["queued", "outcomes"], "readwrite");
    await Promise.all([
      tx.objectStore("queued").delete(kept.id),
      result === "forget" ? undefined : tx.objectStore("outcomes").put(result),
      tx.done,
    ]);
    announce();
    return result;
  });
}

/**
 * Sends every kept submission under the key it was kept with, so each is stored once however
 * often it is sent (by the page and the service worker at once, or again after a lost answer),
 * and asks about the ones taken back. Resolves false when something is still kept (no
 * connection, or the server asked to try later).
 */
export async function sendKeptSubmissions(): Promise<boolean> {
  let allSent = true;
  for (const kept of await keptSubmissions()) {
    const result = await sendOne(kept);
    if (result === "offline") return false;
    if (result === "later") allSent = false;
  }
  return allSent;
}
