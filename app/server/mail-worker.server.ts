import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { publicOrigin, settings as configured, type Settings } from "~/server/env.server";
import { logError } from "~/server/log.server";
import {
  createMailTransport,
  type MailTransport,
  type TransportSettings,
} from "~/server/mail-transport.server";
import { onMailWorkerWake } from "~/models/outbox-message.server";
import type { OutboxMessage } from "~/types/outbox";
import { FinalFailure } from "~/utils/outbox-failure";
import { queueScheduledMessages } from "~/models/outbox-scheduler.server";
import { eraseExpiredSellerIds } from "~/models/buyback-purchase.server";
import {
  claimDueMessages,
  recordFailure,
  recordSent,
  renewClaim,
} from "~/models/outbox-delivery.server";
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
  /**
   * How long a claimed message belongs to one worker; the worker renews it while it sends and
   * records the batch, so only a worker that died or cannot reach the database loses it.
   */
  leaseMs: number;
  /**
   * How long a worker must have reached the database without a failure before it takes a message
   * whose last attempt's outcome is unknown (claimed, its lease run out, nothing recorded). After
   * an outage the worker that sent it is still trying to write its sent mark: this is its head
   * start.
   */
  settleMs: number;
  /** The longest pause between two tries of a sent mark while the database does not answer. */
  markRetryMaxMs: number;
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
    settleMs: 15_000,
    markRetryMaxMs: 1_000,
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

/**
 * What one worker knows of its own link to the database: since when it has reached it without a
 * failure (`performance.now()`; undefined until it has, and again after each failure), and whether
 * it is stopping.
 */
export type WorkerState = { reachedSince: number | undefined; stopping: boolean };

export const newWorkerState = (): WorkerState => ({ reachedSince: undefined, stopping: false });

const reached = (state: WorkerState) => {
  state.reachedSince ??= performance.now();
};
const lost = (state: WorkerState) => {
  state.reachedSince = undefined;
};
const settled = (state: WorkerState, ms: number) =>
  ms <= 0 || (state.reachedSince !== undefined && performance.now() - state.reachedSince >= ms);

/**
 * Writes the sent marks, trying again through a database outage until it answers: a message
 * recorded late is better than one sent twice. The claim stays this worker's meanwhile (the mark
 * applies whatever the lease says, as long as no one took the row), and other workers give it
 * `settleMs` once they reach the database again. Only a stopping worker gives up, and says so:
 * those messages may then go out again.
 */
async function recordSentDurably(
  ids: number[],
  token: string,
  settings: MailSettings,
  state: WorkerState,
) {
  if (!ids.length) return;
  for (let pause = 25; ; pause = Math.min(pause * 2, settings.markRetryMaxMs)) {
    try {
      await recordSent(ids, token);
      reached(state);
      return;
    } catch (error) {
      if (state.reachedSince !== undefined || state.stopping)
        logError(
          state.stopping ? "sent marks not written, giving up" : "sent marks not written, retrying",
          error,
          { outboxIds: ids.join(" ") },
          state.stopping ? "error" : "warn",
        );
      lost(state);
      if (state.stopping)
        throw new Error(`sent marks not written for ${ids.length} message(s)`, { cause: error });
      await sleep(pause);
    }
  }
}

/**
 * Renews this batch's leases every third of a lease until `stop` is called, so that no other
 * worker takes a message this one is still sending or recording. A renewal that fails is an outage
 * this worker has seen.
 */
function renewLeases(token: string, settings: MailSettings, state: WorkerState) {
  const timer = setInterval(
    () =>
      void renewClaim(token, settings.leaseMs).then(
        () => reached(state),
        () => lost(state),
      ),
    settings.leaseMs / 3,
  );
  return () => clearInterval(timer);
}

/** Records a failed attempt (to be retried, or failed for good) and logs it. */
async function failed(row: OutboxMessage, token: string, error: unknown, settings: MailSettings) {
  const givingUp = error instanceof FinalFailure || row.attempts >= settings.maxAttempts;
  await recordFailure(row, token, {
    givingUp,
    reason: error instanceof Error ? error.message : String(error),
    retryInMs: backoffMs(row.attempts, settings.retryBaseMs),
  });
  // A message the provider refused for good is most often a number or address the customer
  // mistyped: staff see it in the outbox, and it is no fault of the site's.
  logError(
    givingUp ? "message failed, giving up" : "message failed, will retry",
    error,
    { outboxId: row.id, kind: row.kind, attempts: row.attempts },
    givingUp && !(error instanceof FinalFailure) ? "error" : "warn",
  );
}

export type DeliveryReport = { sent: number; failed: number };

/**
 * One batch: claim due messages and send them all at once (the transport decides how many go out
 * together), recording each outcome. Sent messages are recorded together, at most
 * `recordEveryMs` after they went out: one statement for a quick batch, and should the process
 * die, no more than that much sending is repeated. Through a database outage the leases are
 * renewed and the sent marks retried until they are written (`recordSentDurably`); a failure that
 * cannot be recorded leaves its message to be tried again once the lease runs out.
 */
async function deliverDueMail(
  transport: MailTransport,
  settings: MailSettings,
  state: WorkerState,
): Promise<DeliveryReport & { claimed: number }> {
  const token = randomUUID();
  const { rows, taken } = await claimDueMessages({
    token,
    batchSize: settings.batchSize,
    leaseMs: settings.leaseMs,
    withUnknownOutcome: settled(state, settings.settleMs),
    now: settings.clock?.() ?? new Date(),
  }).catch((error: unknown) => {
    lost(state);
    throw error;
  });
  reached(state);
  const report = { claimed: taken, sent: 0, failed: 0 };
  if (!rows.length) return report;
  const unrecorded: number[] = [];
  let recordedAt = performance.now();
  const record = async () => {
    recordedAt = performance.now();
    await recordSentDurably(unrecorded.splice(0), token, settings, state);
  };
  const stopRenewing = renewLeases(token, settings, state);
  try {
    await Promise.all(
      rows.map(async (row) => {
        try {
          await transport.send(row);
        } catch (error) {
          report.failed += 1;
          // Not sent, so nothing can go out twice: unrecorded, it is taken again after its lease.
          await failed(row, token, error, settings).catch((failure: unknown) => {
            lost(state);
            logError("message failure not recorded", failure, { outboxId: row.id }, "warn");
          });
          return;
        }
        unrecorded.push(row.id);
        report.sent += 1;
        if (performance.now() - recordedAt >= settings.recordEveryMs) await record();
      }),
    );
    await record();
  } finally {
    stopRenewing();
  }
  return report;
}

/** Every due message, batch after batch, until none is left. */
export async function deliverAllDueMail(
  transport: MailTransport,
  settings: MailSettings,
  state: WorkerState = newWorkerState(),
): Promise<DeliveryReport> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const { claimed, sent, failed } = await deliverDueMail(transport, settings, state);
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
  const state = newWorkerState();
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let scheduledAt = -Infinity;

  /**
   * Reminders that fell due join the outbox and sellers' ID numbers kept past their period are
   * erased (once a minute), then everything due is sent.
   */
  const pass = async () => {
    if (performance.now() - scheduledAt >= settings.scheduleEveryMs) {
      scheduledAt = performance.now();
      const now = settings.clock?.() ?? new Date();
      await queueScheduledMessages(publicOrigin(), now);
      await eraseExpiredSellerIds(now);
    }
    await deliverAllDueMail(transport, settings, state);
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
        (error: unknown) => {
          lost(state);
          logError("mail worker pass failed", error, {}, "warn");
        },
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
      state.stopping = true;
      clearTimeout(timer);
      onMailWorkerWake(undefined);
      await running;
      transport.close();
    },
  };
}
