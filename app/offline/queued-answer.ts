/** The forms whose submissions a visitor's phone keeps while it has no connection. */
export type QueuedForm = "booking" | "contact" | "trade";

/** Where each kept submission is sent once the connection is back. */
export const queuedDoors: Record<QueuedForm, string> = {
  booking: "/book-appointment/queued",
  contact: "/contact/queued",
  trade: "/sell/queued",
};

/**
 * What the page would have shown had the form been answered at once (a Conform reply, a toast…).
 */
export type FormAnswer = Record<string, unknown>;

/**
 * The JSON answer of a queued submission's door:
 * - `sent`: stored (or stored before, under the same key); `location` is where the form's own
 *   answer would have gone (the booking's confirmation page);
 * - `retry`: not now (too many attempts, the database is down): kept, and sent again later;
 * - `new-key`: the key the page was rendered with was used for other details or is not one of
 *   ours (a page kept offline for days): sent again at once under `submissionKey`;
 * - `refused`: the details are wrong or the time is taken; `answer` is the form's own answer.
 */
export type QueuedAnswer =
  | { outcome: "sent"; location: string }
  | { outcome: "retry" }
  | { outcome: "new-key"; submissionKey: string }
  | { outcome: "refused"; answer: FormAnswer };

/** Where the page and the service worker ask whether a submission key landed (decision 0060). */
export const landedDoors: Record<QueuedForm, string> = {
  booking: "/book-appointment/landed",
  contact: "/contact/landed",
  trade: "/sell/landed",
};

/**
 * The landed door's answer: the submission stored under the key, and where its holder sees it (a
 * booking's confirmation, the contact page); or nothing stored under it, which is also the answer
 * to a key that is not one of ours.
 */
export type LandedAnswer = { landed: true; location: string } | { landed: false };
