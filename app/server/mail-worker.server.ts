import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { bookings, outbox, smsOptOuts } from "#db/schema";
import { database } from "~/server/db.server";
import { publicOrigin, settings as configured, type Settings } from "~/server/env.server";
import { log } from "~/server/log.server";
import {
  createMailTransport,
  type MailTransport,
  type TransportSettings,
} from "~/server/mail-transport.server";
import { onMailWorkerWake, type OutboxMessage } from "~/models/outbox-message.server";
import { FinalFailure } from "~/utils/outbox-failure";
import { queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { isQuietHours } from "~/utils/sms-quiet-hours";
import { withdrawalReason } from "~/utils/message-withdrawal";
import { shopToday } from "~/utils/shop-time";
import {
  createSmsTransport,
  routedTransport,
  type SmsSettings,
} from "~/server/sms-transport.server";

export type MailSettings = TransportSettings & {
  /** Attempts before a message is marked failed and left for staff to retry. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles with each further failure, up to an hour. */
  retryBaseMs: number;
  /** How long a claimed message belongs to one worker; after that another may take it. */
  leaseMs: number;
  pollMs: number;
  /** How long a wake-up waits for more messages to come, so a burst goes out in few batches. */
  gatherMs: number;
  /**
   * While sending, how often the messages sent so far are recorded (one statement for them all).
   */
  recordEveryMs: number;
  batchSize: number;
  /** The texts' provider; texts and e-mails share the outbox and this worker. */
  sms: SmsSettings;
  /** How often the worker looks for reminders and review requests that have fallen due. */
  scheduleEveryMs: number;
  /** The shop's clock, for quiet hours and the schedule (tests set it). */
  clock?: () => Date;
};

/** The worker's settings: the configured ones (MAIL_*, SMTP_URL, SMS_*, TWILIO_*) and its pace. */
export function mailSettingsFrom({ mail, sms }: Settings = configured()): MailSettings {
  return {
    ...mail,
    leaseMs: 120_000,
    pollMs: 5_000,
    gatherMs: 100,
    recordEveryMs: 100,
    batchSize: 20,
    sms,
    scheduleEveryMs: 60_000,
  };
}

const maxBackoffMs = 3_600_000;
export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);

const interval = (ms: number) => sql`${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * Takes up to `batchSize` due messages for this worker. FOR UPDATE SKIP LOCKED lets workers in
 * other processes claim other rows at the same moment; the lease (claimed_until) keeps a row
 * from everyone else while it is being sent, and frees it should this process die. The attempt
 * counts at the claim, so a message that crashes the process cannot loop forever. In the same
 * transaction, each message is checked against the booking as it is now: one that is no longer
 * true (a pickup reminder for a repair picked up, a text to a number that replied STOP) is
 * cancelled with the reason instead of claimed. `taken` counts both.
 */
async function claimDueMail(
  settings: MailSettings,
  token: string,
): Promise<{ rows: OutboxMessage[]; taken: number }> {
  const db = await database();
  const now = settings.clock?.() ?? new Date();
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
          or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(settings.batchSize)
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
            claimedUntil: sql`now() + ${interval(settings.leaseMs)}`,
            attempts: sql`${outbox.attempts} + 1`,
          })
          .where(inArray(outbox.id, sendable))
          .returning()
      : [];
    return { rows, taken: due.length };
  });
}

/** Only the worker holding the claim may record the outcome. */
const claimedBy = (row: OutboxMessage, token: string) =>
  and(eq(outbox.id, row.id), eq(outbox.claimToken, token));

async function recordSent(ids: number[], token: string) {
  if (!ids.length) return;
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

async function recordFailure(
  row: OutboxMessage,
  token: string,
  error: unknown,
  settings: MailSettings,
) {
  const db = await database();
  const givingUp = error instanceof FinalFailure || row.attempts >= settings.maxAttempts;
  const reason = error instanceof Error ? error.message : String(error);
  await db
    .update(outbox)
    .set({
      status: givingUp ? "failed" : "pending",
      nextAttemptAt: sql`now() + ${interval(backoffMs(row.attempts, settings.retryBaseMs))}`,
      claimToken: null,
      claimedUntil: null,
      lastError: reason.slice(0, 1000),
    })
    .where(claimedBy(row, token));
  log(
    givingUp ? "error" : "warn",
    givingUp ? "message failed, giving up" : "message failed, will retry",
    {
      outboxId: row.id,
      kind: row.kind,
      attempts: row.attempts,
      code: errorCode(error),
    },
  );
}

/**
 * What a log line may say of an error: its code, never its message. SMTP replies often quote the
 * recipient's address, and a failed query's message lists its parameters.
 */
function errorCode(error: unknown): string {
  const { code, cause, name } = (error ?? {}) as {
    code?: unknown;
    cause?: unknown;
    name?: unknown;
  };
  if (typeof code === "string" || typeof code === "number") return String(code);
  if (cause) return errorCode(cause);
  return typeof name === "string" ? name : "unknown";
}

export type DeliveryReport = { sent: number; failed: number };

/**
 * One batch: claim due messages and send them all at once (the transport decides how many go out
 * together), recording each outcome. Sent messages are recorded together, at most
 * `recordEveryMs` after they went out: one statement for a quick batch, and should the process
 * die, no more than that much sending is repeated.
 */
async function deliverDueMail(
  transport: MailTransport,
  settings: MailSettings,
): Promise<DeliveryReport & { claimed: number }> {
  const token = randomUUID();
  const { rows, taken } = await claimDueMail(settings, token);
  const report = { claimed: taken, sent: 0, failed: 0 };
  const unrecorded: number[] = [];
  let recordedAt = performance.now();
  const record = async () => {
    recordedAt = performance.now();
    await recordSent(unrecorded.splice(0), token);
  };
  await Promise.all(
    rows.map(async (row) => {
      try {
        await transport.send(row);
      } catch (error) {
        await recordFailure(row, token, error, settings);
        report.failed += 1;
        return;
      }
      unrecorded.push(row.id);
      report.sent += 1;
      if (performance.now() - recordedAt >= settings.recordEveryMs) await record();
    }),
  );
  await record();
  return report;
}

/** Every due message, batch after batch, until none is left. */
export async function deliverAllDueMail(
  transport: MailTransport,
  settings: MailSettings,
): Promise<DeliveryReport> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const { claimed, sent, failed } = await deliverDueMail(transport, settings);
    total.sent += sent;
    total.failed += failed;
    if (claimed < settings.batchSize) return total;
  }
}

export type MailWorker = { stop(): Promise<void> };

/**
 * The background sender inside the app process: it polls the outbox, and wakes when this process
 * queues a message, after `gatherMs` so that a busy minute's messages go out in batches rather
 * than a pass each. Any number of app instances may run one each.
 */
export function startMailWorker(
  settings: MailSettings = mailSettingsFrom(),
  mail: MailTransport = createMailTransport(settings),
): MailWorker {
  const transport = routedTransport(mail, createSmsTransport(settings.sms));
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let scheduledAt = -Infinity;

  /** Reminders that fell due join the outbox (once a minute), then everything due is sent. */
  const pass = async () => {
    if (performance.now() - scheduledAt >= settings.scheduleEveryMs) {
      scheduledAt = performance.now();
      await queueScheduledMessages(publicOrigin(), settings.clock?.() ?? new Date());
    }
    await deliverAllDueMail(transport, settings);
  };

  /** A pass in `ms`, unless one is due sooner or running (which then makes another). */
  const schedule = (ms: number) => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (performance.now() + ms >= dueAt) return;
    clearTimeout(timer);
    dueAt = performance.now() + ms;
    timer = setTimeout(run, ms);
  };

  const run = () => {
    clearTimeout(timer);
    dueAt = Infinity;
    if (stopped) return;
    running = pass()
      .then(
        () => {},
        // The database is down or busy: the messages wait in the outbox for the next pass.
        (error: unknown) => log("warn", "mail worker pass failed", { code: errorCode(error) }),
      )
      .finally(() => {
        running = undefined;
        const more = again;
        again = false;
        schedule(more ? settings.gatherMs : settings.pollMs);
      });
  };

  onMailWorkerWake(() => schedule(settings.gatherMs));
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      onMailWorkerWake(undefined);
      await running;
      transport.close();
    },
  };
}
