import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { cell, headCell, panel, secondaryButton, tableClass } from "~/components/admin/ui";
import { adminMessages, errorToast, successToast } from "~/lib/admin-messages";
import { requireStaff } from "~/lib/auth.server";
import { bookingReference } from "~/lib/booking-reference";
import { pageTitle } from "~/lib/meta";
import { outboxContent } from "~/lib/outbox-content.server";
import { listUnsentMail, retryMail, type OutboxRow } from "~/lib/outbox.server";
import { formatShopDateTime } from "~/lib/shop-time";
import { redirectWithToast } from "~/lib/toast.server";
import { unavailableFor } from "~/lib/unavailable.server";
import { retryMailSchema } from "~/schemas/admin-mail";
import { isDatabaseOutage } from "~/lib/database-outage.server";

const kindLabels: Record<OutboxRow["kind"], string> = {
  booking_alert: "New booking (to the shop)",
  booking_confirmation: "Booking confirmation",
  contact_alert: "New message (to the shop)",
  status_update: "Status update",
};

function stateOf(row: OutboxRow, now: Date) {
  if (row.status === "failed") return "Failed";
  return row.claimedUntil && row.claimedUntil > now ? "Sending" : row.attempts ? "Waiting to retry" : "Queued";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  try {
    const { rows, total } = await listUnsentMail();
    const now = new Date();
    const messages = rows.map((row) => ({
      id: row.id,
      kind: kindLabels[row.kind],
      about: row.bookingId ? bookingReference(row.bookingId) : row.contactMessageId ? `Message #${row.contactMessageId}` : null,
      recipient: row.recipient,
      subject: outboxContent(row).subject,
      state: stateOf(row, now),
      attempts: row.attempts,
      queuedOn: formatShopDateTime(row.createdAt),
      nextAttempt: row.status === "pending" ? formatShopDateTime(row.nextAttemptAt) : null,
      lastError: row.lastError,
    }));
    return { messages, total };
  } catch (error) {
    return unavailableFor(context, adminMessages.loadOutboxFailed)(error);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  const parsed = retryMailSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? adminMessages.mailNotRequeued, { status: 400 });
  let requeued: boolean;
  try {
    requeued = await retryMail(parsed.data.id);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return redirectWithToast("/admin/outbox", errorToast(adminMessages.mailRetryFailed), { status: 303 });
  }
  return redirectWithToast("/admin/outbox", requeued ? successToast(adminMessages.mailRequeued) : errorToast(adminMessages.mailNotRequeued), {
    status: 303,
  });
}

export default function AdminOutboxPage() {
  const { messages, total } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Outbox</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        E-mails not sent yet. They go out by themselves and are tried again with growing pauses when the mail server is unreachable; after the
        last attempt they stay here as failed until you retry them.
      </p>
      <div className={`${panel} mt-6`}>
        {messages.length ? (
          <div className="overflow-x-auto" role="region" aria-label="Unsent e-mails" tabIndex={0}>
            <table className={tableClass}>
              <thead className="bg-slate-50">
                <tr>
                  {["E-mail", "To", "State", "Attempts", "Queued", "Last error", "Actions"].map((heading) => (
                    <th key={heading} scope="col" className={headCell}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {messages.map((m) => (
                  <tr key={m.id} data-testid="outbox-row">
                    <td className={cell}>
                      <span className="block font-medium text-slate-900">{m.subject}</span>
                      <span className="block text-xs text-slate-600">
                        {m.kind}
                        {m.about ? ` · ${m.about}` : null}
                      </span>
                    </td>
                    <td className={`${cell} break-all`}>{m.recipient}</td>
                    <td className={cell}>
                      <span
                        className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.state === "Failed" ? "bg-red-100 text-red-900" : "bg-blue-100 text-blue-900"}`}
                      >
                        {m.state}
                      </span>
                      {m.nextAttempt ? <span className="mt-1 block text-xs text-slate-600">Next try {m.nextAttempt}</span> : null}
                    </td>
                    <td className={`${cell} tabular-nums`}>{m.attempts}</td>
                    <td className={`${cell} whitespace-nowrap`}>{m.queuedOn}</td>
                    <td className={`${cell} max-w-xs break-words text-xs text-slate-700`}>{m.lastError ?? "—"}</td>
                    <td className={cell}>
                      <Form method="post">
                        <input type="hidden" name="id" value={m.id} />
                        <button type="submit" disabled={busy || m.state === "Sending"} className={secondaryButton}>
                          Retry<span className="sr-only"> {m.subject}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-slate-600">Every e-mail has been sent.</p>
        )}
        {total > messages.length ? (
          <p className="mt-4 text-sm text-slate-600">
            Showing the first {messages.length} of {total} unsent e-mails.
          </p>
        ) : null}
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Outbox") }];

export const ErrorBoundary = AdminErrorBoundary;
