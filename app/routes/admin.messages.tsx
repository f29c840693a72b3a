import { data, type MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Pagination } from "~/components/admin/pagination";
import { RecentTexts } from "~/components/admin/recent-texts";
import { panel, primaryButton, secondaryButton } from "~/components/admin/ui";
import { contactSubjects } from "~/config/shop";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import { listContactMessages, setMessageHandled } from "~/models/contact-message.server";
import { pageTitle } from "~/utils/meta";
import { recentTexts } from "~/models/sms-conversation.server";
import { formatPhone, phoneDigits } from "~/utils/phone";
import { formatShopDateTime } from "~/utils/shop-time";
import { redirectWithToast } from "~/server/toast.server";
import { messageHandledSchema, messageListQuerySchema } from "~/schemas/admin-mail";
import { staffAction, staffLoader } from "~/server/staff-route.server";

const pageSize = 20;

export const loader = staffLoader(
  async ({ request }) => {
    const query = messageListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const [{ total, rows }, texts] = await Promise.all([
      listContactMessages(query.show, { limit: pageSize, offset: (query.page - 1) * pageSize }),
      recentTexts(),
    ]);
    const messages = rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone ? formatPhone(phoneDigits(row.phone)) : null,
      subject: contactSubjects.find((s) => s.value === row.subject)?.label ?? "No subject",
      message: row.message,
      receivedOn: formatShopDateTime(row.createdAt),
      handled: row.handled,
    }));
    return { query, total, messages, texts };
  },
  { unavailable: adminMessages.loadMessagesFailed },
);

/** Back to the list as it was: the same tab and page. */
const backTo = (request: Request) => `/admin/messages${new URL(request.url).search}`;

export const action = staffAction(
  async ({ request }) => {
    const parsed = messageHandledSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success)
      throw data(parsed.error.issues[0]?.message ?? adminMessages.messageNotFound, { status: 400 });
    const found = await setMessageHandled(parsed.data.id, parsed.data.handled);
    if (!found) throw data(adminMessages.messageNotFound, { status: 404 });
    return redirectWithToast(
      backTo(request),
      successToast(
        parsed.data.handled ? adminMessages.messageHandled : adminMessages.messageUnhandled,
      ),
      { status: 303 },
    );
  },
  {
    outage: ({ request }) =>
      redirectWithToast(backTo(request), errorToast(adminMessages.messageUpdateFailed), {
        status: 303,
      }),
  },
);

const tabs = [
  { show: "unhandled", label: "Unhandled" },
  { show: "all", label: "All messages" },
] as const;

export default function AdminMessagesPage() {
  const { query, total, messages, texts } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
      <p className="mt-1 text-sm text-slate-600">
        Messages from the contact form. Reply by e-mail or phone, then mark them handled.
      </p>
      <div className={`${panel} mt-6`}>
        <nav aria-label="Message views" className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <Link
              key={tab.show}
              to={tab.show === "unhandled" ? "/admin/messages" : "/admin/messages?show=all"}
              aria-current={query.show === tab.show ? "page" : undefined}
              className={query.show === tab.show ? primaryButton : secondaryButton}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        {messages.length ? (
          <ul className="mt-6 divide-y divide-slate-200">
            {messages.map((m) => (
              <li key={m.id} data-testid="contact-message" className="py-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">
                      {m.subject} <span className="font-normal text-slate-600">from {m.name}</span>
                    </h2>
                    <p className="text-sm text-slate-600">
                      Received {m.receivedOn} ·{" "}
                      <a
                        href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                        className="break-all text-brand-700 underline"
                      >
                        {m.email}
                      </a>
                      {m.phone ? (
                        <>
                          {" · "}
                          <a
                            href={`tel:${m.phone.replace(/[^\d+]/g, "")}`}
                            className="whitespace-nowrap text-brand-700 underline"
                          >
                            {m.phone}
                          </a>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.handled ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                    >
                      {m.handled ? "Handled" : "Unhandled"}
                    </span>
                    <Form method="post" action={`/admin/messages${search}`}>
                      <input type="hidden" name="id" value={m.id} />
                      <input type="hidden" name="handled" value={m.handled ? "false" : "true"} />
                      <button type="submit" disabled={busy} className={secondaryButton}>
                        {m.handled ? "Mark unhandled" : "Mark handled"}
                        <span className="sr-only"> (message from {m.name})</span>
                      </button>
                    </Form>
                  </div>
                </div>
                <p className="mt-2 break-words whitespace-pre-line text-slate-800">{m.message}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-slate-600">
            {query.show === "unhandled" ? "No unhandled messages. Well done!" : "No messages yet."}
          </p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="messages" />
      </div>
      <RecentTexts texts={texts} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Messages") }];

export const ErrorBoundary = AdminErrorBoundary;
