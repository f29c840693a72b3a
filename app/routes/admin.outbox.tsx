import { data, type MetaFunction } from "react-router";
import { Form, useLoaderData, useNavigation } from "react-router";
import { textQuietHours } from "~/config/shop";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { headCell, panel, primaryButton, secondaryButton, tableClass } from "~/components/admin/ui";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import { bookingReference } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { outboxContent } from "~/mail/outbox-content.server";
import {
  describeMailError,
  listUnsentMail,
  listWithdrawnMail,
  retryAllFailedMail,
  retryMail,
} from "~/models/outbox-message.server";
import type { OutboxMessage } from "~/types/outbox";
import { channelLabels, messageKindLabels, messageStatusLabels } from "~/utils/outbox-labels";
import { formatShopDateTime } from "~/utils/shop-time";
import { textOf } from "~/mail/sms-content.server";
import { redirectWithToast } from "~/server/toast.server";
import { retryAllMailSchema, retryMailSchema } from "~/schemas/admin-mail";
import { staffAction, staffLoader } from "~/server/staff-route.server";

function stateOf(row: OutboxMessage, now: Date) {
  if (row.status !== "pending") return messageStatusLabels[row.status];
  if (row.claimedUntil && row.claimedUntil > now) return "Sending";
  if (row.attempts) return "Waiting to retry";
  return row.nextAttemptAt > now ? "Scheduled" : "Queued";
}

/** What a message is, about what, to whom, and its subject (a text's words). */
const describe = (row: OutboxMessage) => ({
  id: row.id,
  kind: messageKindLabels[row.kind],
  channel: channelLabels[row.channel],
  about: row.bookingId
    ? bookingReference(row.bookingId)
    : row.contactMessageId
      ? `Message #${row.contactMessageId}`
      : null,
  recipient: row.recipient,
  subject: row.channel === "sms" ? textOf(row) : outboxContent(row).subject,
});

export const loader = staffLoader(
  async () => {
    const now = new Date();
    const [{ rows, total }, withdrawnRows] = await Promise.all([
      listUnsentMail(),
      listWithdrawnMail(now),
    ]);
    const messages = rows.map((row) => ({
      ...describe(row),
      state: stateOf(row, now),
      attempts: row.attempts,
      queuedOn: formatShopDateTime(row.createdAt),
      nextAttempt: row.status === "pending" ? formatShopDateTime(row.nextAttemptAt) : null,
      problem: row.lastError ? describeMailError(row.lastError) : null,
      lastError: row.lastError,
    }));
    const withdrawn = withdrawnRows.map((row) => ({
      ...describe(row),
      reason: row.lastError,
      withdrawnOn: formatShopDateTime(row.nextAttemptAt),
    }));
    return { messages, total, withdrawn };
  },
  { may: "manageOutbox", unavailable: adminMessages.loadOutboxFailed },
);

export const action = staffAction(
  async ({ request }) => {
    const form = Object.fromEntries(await request.formData());
    const all = retryAllMailSchema.safeParse(form);
    const one = all.success ? undefined : retryMailSchema.safeParse(form);
    if (one && !one.success)
      throw data(one.error.issues[0]?.message ?? adminMessages.mailNotRequeued, { status: 400 });
    if (one?.success) {
      const requeued = await retryMail(one.data.id);
      return redirectWithToast(
        "/admin/outbox",
        requeued
          ? successToast(adminMessages.mailRequeued)
          : errorToast(adminMessages.mailNotRequeued),
        {
          status: 303,
        },
      );
    }
    const count = await retryAllFailedMail();
    return redirectWithToast(
      "/admin/outbox",
      count ? successToast(requeuedAll(count)) : errorToast(noneFailed),
      { status: 303 },
    );
  },
  {
    may: "manageOutbox",
    outage: () =>
      redirectWithToast("/admin/outbox", errorToast(adminMessages.mailRetryFailed), {
        status: 303,
      }),
  },
);

const requeuedAll = (count: number) =>
  count === 1
    ? "1 e-mail is queued again and goes out in a moment."
    : `${count} e-mails are queued again and go out in a moment.`;
const noneFailed = "No failed e-mails to retry.";

const stateColours = { Failed: "bg-red-100 text-red-900", other: "bg-blue-100 text-blue-900" };

type Message = ReturnType<typeof useLoaderData<typeof loader>>["messages"][number];

/** The failure in plain words, the server's own text folded away for whoever fixes the server. */
function Problem({ message }: { message: Message }) {
  if (!message.problem || !message.lastError) return <span className="text-slate-600">—</span>;
  return (
    <>
      <span className="block font-medium text-red-800">{message.problem}</span>
      <details className="mt-1 text-xs text-slate-700">
        <summary className="inline-block cursor-pointer py-1 text-brand-700 underline">
          Technical details
        </summary>
        <code className="mt-1 block rounded bg-slate-50 p-2 font-mono break-words">
          {message.lastError}
        </code>
      </details>
    </>
  );
}

function RetryButton({ message, busy }: { message: Message; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={message.id} />
      <button
        type="submit"
        disabled={busy || message.state === "Sending"}
        className={secondaryButton}
      >
        Retry<span className="sr-only"> {message.subject}</span>
      </button>
    </Form>
  );
}

export default function AdminOutboxPage() {
  const { messages, total, withdrawn } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const failed = messages.some((m) => m.state === "Failed");
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Outbox</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            E-mails and texts not sent yet. They go out by themselves and are tried again with
            growing pauses when the mail server or the text provider is unreachable; after the last
            attempt, or when the provider refuses a text, they stay here as failed until you retry
            them. Texts wait through quiet hours ({textQuietHours.text}); scheduled reminders wait
            for their time.
          </p>
        </div>
        {failed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry-all" />
            <button type="submit" disabled={busy} className={primaryButton}>
              Retry all failed
            </button>
          </Form>
        ) : null}
      </div>
      <div className={`${panel} mt-6`}>
        {messages.length ? (
          // One table; below lg each row lays itself out as a card so nothing scrolls sideways.
          <table className={`${tableClass} block lg:table`}>
            <caption className="sr-only">Unsent e-mails and texts</caption>
            <thead className="sr-only bg-slate-50 lg:not-sr-only lg:table-header-group">
              <tr>
                {["Message", "To", "State", "Attempts", "Queued", "Problem", "Actions"].map(
                  (heading) => (
                    <th key={heading} scope="col" className={headCell}>
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 lg:table-row-group">
              {messages.map((m) => (
                <tr key={m.id} data-testid="outbox-row" className="block py-3 lg:table-row lg:py-0">
                  <td className={rowCell}>
                    <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
                      {m.subject}
                    </span>
                    <span className="block text-xs text-slate-600">
                      <span data-testid="outbox-channel">{m.channel}</span> · {m.kind}
                      {m.about ? ` · ${m.about}` : null}
                    </span>
                  </td>
                  <td className={`${rowCell} break-all lg:break-normal lg:whitespace-nowrap`}>
                    <span className="text-slate-600 lg:sr-only">To </span>
                    {m.recipient}
                  </td>
                  <td className={rowCell}>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${m.state === "Failed" ? stateColours.Failed : stateColours.other}`}
                    >
                      {m.state}
                    </span>
                    {m.nextAttempt ? (
                      <span className="mt-1 block text-xs text-slate-600">
                        {m.state === "Scheduled" ? "Goes out" : "Next try"} {m.nextAttempt}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${rowCell} tabular-nums`}>
                    {m.attempts}
                    <span className="text-slate-600 lg:sr-only">
                      {" "}
                      {m.attempts === 1 ? "attempt" : "attempts"}
                    </span>
                  </td>
                  <td className={`${rowCell} lg:whitespace-nowrap`}>
                    <span className="text-slate-600 lg:sr-only">Queued </span>
                    {m.queuedOn}
                  </td>
                  <td className={`${rowCell} text-sm lg:max-w-xs`}>
                    <Problem message={m} />
                  </td>
                  <td className={rowCell}>
                    <RetryButton message={m} busy={busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-slate-600">Every e-mail and text has been sent.</p>
        )}
        {total > messages.length ? (
          <p className="mt-4 text-sm text-slate-600">
            Showing the first {messages.length} of {total} unsent messages.
          </p>
        ) : null}
      </div>
      {withdrawn.length ? <Withdrawn messages={withdrawn} /> : null}
    </>
  );
}

type WithdrawnMessage = ReturnType<typeof useLoaderData<typeof loader>>["withdrawn"][number];

/** Messages no longer true when their time came, and why; nothing to retry. */
function Withdrawn({ messages }: { messages: WithdrawnMessage[] }) {
  return (
    <section className={`${panel} mt-6`} aria-labelledby="withdrawn-heading">
      <h2 id="withdrawn-heading" className="text-lg font-semibold text-slate-900">
        Not sent on purpose (last 7 days)
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Checked just before sending: a reminder the repair had moved past, or a text to a number
        that replied STOP. Checked when a booking is made: a confirmation or appointment reminder to
        an address or number that had already had as many messages from online bookings as the
        hourly and daily limits allow (someone booking again and again with another person&apos;s
        details). The booking itself is kept.
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {messages.map((m) => (
          <li key={m.id} data-testid="outbox-withdrawn" className="py-3">
            <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
              {m.subject}
            </span>
            <span className="block text-xs text-slate-600">
              {m.channel} · {m.kind}
              {m.about ? ` · ${m.about}` : null} · to{" "}
              <span className="[overflow-wrap:anywhere]">{m.recipient}</span>
            </span>
            <span className="mt-1 block text-sm text-amber-900" data-testid="withdrawn-reason">
              {m.reason}
            </span>
            <span className="block text-xs text-slate-600">Withdrawn {m.withdrawnOn}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const rowCell = "block px-0 py-1 align-top lg:table-cell lg:px-3 lg:py-2";

export const meta: MetaFunction = () => [{ title: pageTitle("Outbox") }];

export const ErrorBoundary = AdminErrorBoundary;
