import { eq } from "drizzle-orm";
import { bookings, contactMessages } from "#db/schema";
import type { QueuedForm } from "~/offline/queued-answer";
import { database } from "~/server/db.server";
import { confirmationPath } from "~/utils/booking-reference";
import { landedOffer } from "~/models/trade-offer.server";

/**
 * Whether a public form's submission is stored under `storedKey` (the digest of door and key that
 * `storedSubmissionKey` gives), and where its holder sees it: a booking's confirmation page, the
 * contact page for a message, an offer's own page. Undefined when nothing is stored under it.
 */
export async function landedSubmission(
  form: QueuedForm,
  storedKey: string,
): Promise<{ location: string } | undefined> {
  const db = await database();
  if (form === "booking") {
    const [row] = await db
      .select({ token: bookings.trackingToken })
      .from(bookings)
      .where(eq(bookings.submissionKey, storedKey));
    return row && { location: confirmationPath(row.token) };
  }
  if (form === "trade") return landedOffer(storedKey);
  const [row] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.submissionKey, storedKey));
  return row && { location: "/contact" };
}
