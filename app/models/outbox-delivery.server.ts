import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { bookings, outbox, smsOptOuts } from "#db/schema";
import { database } from "~/server/db.server";
import type { OutboxMessage } from "~/types/outbox";
import { isQuietHours } from "~/utils/sms-quiet-hours";
import { withdrawalReason } from "~/utils/message-withdrawal";
import { shopToday } from "~/utils/shop-time";

// The outbox as the mail worker (app/server/mail-worker.server.ts) takes, renews and marks its rows.

const interval = (ms: number) => sql`${`${Math.round(ms)} milliseconds`}::interval`;

export type Claim = {
  /** This batch's claim token: only its holder may record the outcome. */
  token: string;
  batchSize: number;
  /** How long the claimed rows belong to this worker unless it renews them. */
  leaseMs: number;
  /** Also rows claimed before whose lease ran out with nothing recorded (see the worker's `settleMs`). */
  withUnknownOutcome: boolean;
  /** The shop's clock: quiet hours, and which reminders no longer apply. */
  now: Date;
};

/**
 * Takes up to `batchSize` due messages for this worker. FOR UPDATE SKIP LOCKED lets workers in
 * other processes claim other rows at the same moment; the lease (claimed_until) keeps a row
 * from everyone else while it is being sent, and frees it should this process die. The claim is
 * the mark that an attempt began: a row whose lease ran out with the claim still on it was perhaps
 * sent, and is taken again only `withUnknownOutcome`, under its unchanged Message-ID. The attempt
 * counts at the claim, so a message that crashes the process cannot loop forever. In the same
 * transaction, each message is checked against the booking as it is now: one that is no longer
 * true (a pickup reminder for a repair picked up, a text to a number that replied STOP) is
 * cancelled with the reason instead of claimed. `taken` counts both.
 */
export async function claimDueMessages({
  token,
  batchSize,
  leaseMs,
  withUnknownOutcome,
  now,
}: Claim): Promise<{ rows: OutboxMessage[]; taken: number }> {
  const db = await database();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        message: {
          id: outbox.id,
          kind: outbox.kind,
          channel: outbox.channel,
          dedupeKey: outbox.dedupeKey,
          bookingId: outbox.bookingId,
        },
        booking: {
          status: bookings.status,
          reviewOptIn: bookings.reviewOptIn,
          preferredDate: bookings.preferredDate,
          preferredTime: bookings.preferredTime,
        },
        stoppedAt: smsOptOuts.stoppedAt,
      })
      .from(outbox)
      .leftJoin(bookings, eq(bookings.id, outbox.bookingId))
      .leftJoin(smsOptOuts, and(eq(outbox.channel, "sms"), eq(smsOptOuts.phone, outbox.recipient)))
      .where(
        and(
          eq(outbox.status, "pending"),
          lte(outbox.nextAttemptAt, sql`now()`),
          // A text queued by day but still waiting (retries, a backlog) waits again through the
          // night.
          isQuietHours(now) ? eq(outbox.channel, "email") : undefined,
          withUnknownOutcome
            ? or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`))
            : isNull(outbox.claimedUntil),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batchSize)
      .for("update", { of: outbox, skipLocked: true });
    const today = shopToday(now);
    const sendable: number[] = [];
    for (const { message, booking, stoppedAt } of due) {
      const reason = withdrawalReason(message, booking, { optedOut: !!stoppedAt, today });
      if (!reason) {
        sendable.push(message.id);
        continue;
      }
      // The moment it was withdrawn: the Outbox page lists recent withdrawals by it.
      await tx
        .update(outbox)
        .set({ status: "cancelled", lastError: reason, nextAttemptAt: sql`now()` })
        .where(eq(outbox.id, message.id));
    }
    const rows = sendable.length
      ? await tx
          .update(outbox)
          .set({
            claimToken: token,
            claimedUntil: sql`now() + ${interval(leaseMs)}`,
            attempts: sql`${outbox.attempts} + 1`,
          })
          .where(inArray(outbox.id, sendable))
          .returning()
      : [];
    return { rows, taken: due.length };
  });
}

/** Marks messages sent; only those still under this claim (no one else took them meanwhile). */
export async function recordSent(ids: number[], token: string) {
  const db = await database();
  await db
    .update(outbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      claimToken: null,
      claimedUntil: null,
      lastError: null,
    })
    .where(and(inArray(outbox.id, ids), eq(outbox.claimToken, token)));
}

/** Extends the lease of every row under this claim by `leaseMs` from now. */
export async function renewClaim(token: string, leaseMs: number) {
  const db = await database();
  await db
    .update(outbox)
    .set({ claimedUntil: sql`now() + ${interval(leaseMs)}` })
    .where(eq(outbox.claimToken, token));
}

/**
 * Records a failed attempt, if the row is still under this claim: failed for good (`givingUp`),
 * or pending again in `retryInMs`, with the reason.
 */
export async function recordFailure(
  row: Pick<OutboxMessage, "id">,
  token: string,
  { givingUp, reason, retryInMs }: { givingUp: boolean; reason: string; retryInMs: number },
) {
  const db = await database();
  await db
    .update(outbox)
    .set({
      status: givingUp ? "failed" : "pending",
      nextAttemptAt: sql`now() + ${interval(retryInMs)}`,
      claimToken: null,
      claimedUntil: null,
      lastError: reason.slice(0, 1000),
    })
    .where(and(eq(outbox.id, row.id), eq(outbox.claimToken, token)));
}
