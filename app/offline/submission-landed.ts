import { landedDoors, type LandedAnswer, type QueuedForm } from "~/offline/queued-answer";

/** What the server said of a key, or `unknown`: no answer in time (no connection, too many asks). */
export type Landing = LandedAnswer | "unknown";

/**
 * Asks the server whether a submission under `key` was stored (decision 0060). Used by the
 * service worker before it tells the visitor that a submission whose answer did not come is kept,
 * and by the queue and the page before they send, change or delete a kept copy.
 */
export async function askLanded(form: QueuedForm, key: string, waitMs = 10_000): Promise<Landing> {
  try {
    const response = await fetch(landedDoors[form], {
      method: "POST",
      body: new URLSearchParams({ submissionKey: key }),
      headers: { accept: "application/json" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(waitMs),
    });
    if (!response.ok) return "unknown";
    const answer = (await response.json()) as LandedAnswer;
    return typeof answer.landed === "boolean" ? answer : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Runs `step` while no one else on this phone (another tab, the service worker) sends, changes or
 * deletes the submission under `key`: the service worker holds it for as long as a form's own post
 * is on its way, so a deletion waits until that post has landed or failed. Without Web Locks the
 * step runs at once.
 */
export function underKeyLock<T>(key: string, step: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(`wefix-submission:${key}`, step) : step();
}
