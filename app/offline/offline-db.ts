import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { FormAnswer, QueuedForm } from "~/offline/queued-answer";

/**
 * A form kept on the phone until it can be sent: its fields as typed, submission key included.
 * Once the visitor changes or deletes it, it is `withdrawn` (at `withdrawnAt`) and never sent
 * again (decision 0060): `asking` while the page asks the server whether it had landed, and
 * `unanswered` when the server could not be asked, until the queue asks once the connection is
 * back.
 */
export type QueuedSubmission = {
  id: string;
  form: QueuedForm;
  fields: [string, string][];
  queuedAt: number;
  withdrawn?: "asking" | "unanswered";
  withdrawnAt?: number;
};

/**
 * What became of a kept submission, until the visitor has seen it: sent (and where the form would
 * have gone: the booking's confirmation), refused with the form's own answer (input and reason),
 * or landed: one the visitor took back had reached the shop before (and where it shows).
 */
export type SubmissionOutcome = { id: string; form: QueuedForm; settledAt: number } & (
  | { status: "sent"; location: string }
  | { status: "refused"; answer: FormAnswer }
  | { status: "landed"; location: string }
);

/**
 * The last repair this phone tracked through its secret link: the card that page drew for a copy
 * (HTML). A copy kept by an earlier release holds `booking` data instead, and is not shown.
 */
type TrackedSnapshot = { key: "last"; path: string; card?: string; savedAt: number };

interface OfflineSchema extends DBSchema {
  queued: { key: string; value: QueuedSubmission };
  outcomes: { key: string; value: SubmissionOutcome };
  tracked: { key: "last"; value: TrackedSnapshot };
}

/**
 * One database for the page and the service worker. Its name and version outlive releases: a
 * submission kept by one version of the site is sent by the next. A new store means a new
 * version with an upgrade step, never a new name.
 */
const offlineDbName = "wefix-offline";

let opening: Promise<IDBPDatabase<OfflineSchema>> | undefined;
export function offlineDb() {
  opening ??= openDB<OfflineSchema>(offlineDbName, 1, {
    upgrade(db) {
      db.createObjectStore("queued", { keyPath: "id" });
      db.createObjectStore("outcomes", { keyPath: "id" });
      db.createObjectStore("tracked", { keyPath: "key" });
    },
  });
  return opening;
}
