import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { errorMessage } from "~/components/admin/admin-error";
import { AdminToastProvider } from "~/components/admin/admin-toasts";
import { brand } from "~/config/shop";
import { requireStaff } from "~/lib/auth.server";
import { countUnhandledMessages } from "~/lib/messages.server";
import { countNewBookings } from "~/lib/new-bookings.server";
import { pageTitle } from "~/lib/meta";
import { countFailedMail } from "~/lib/outbox.server";
import { privatePageHeaders } from "~/lib/private-page";
import { unavailableFor } from "~/lib/unavailable.server";

type Counts = { newBookings: number; unhandledMessages: number; failedMail: number };

/**
 * The menu; a counter shows how many items wait for staff (bookings new since their last look at
 * the list, unanswered messages, failed e-mails). `ownerOnly` entries show to the owner alone.
 */
const menu: { to: string; label: string; ownerOnly?: boolean; count?: (counts: Counts) => { n: number; noun: string } }[] = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/agenda", label: "Agenda" },
  { to: "/admin/repairs", label: "Manage Repairs", count: (c) => ({ n: c.newBookings, noun: "new" }) },
  { to: "/admin/repairs/new", label: "New Walk-in" },
  { to: "/admin/repair-items", label: "Manage Price List" },
  { to: "/admin/messages", label: "Messages", count: (c) => ({ n: c.unhandledMessages, noun: "unhandled" }) },
  { to: "/admin/outbox", label: "Outbox", count: (c) => ({ n: c.failedMail, noun: "failed" }) },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/staff", label: "Staff", ownerOnly: true },
  { to: "/admin/audit", label: "Audit Trail", ownerOnly: true },
  { to: "/admin/security", label: "Account & Security" },
];

const itemClass = "block w-full whitespace-nowrap rounded-md px-3 py-2 text-left text-sm font-medium";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request).catch(unavailableFor(context));
  const [newBookings, unhandledMessages, failedMail] = await Promise.all([
    countNewBookings(staff.id),
    countUnhandledMessages(),
    countFailedMail(),
  ]).catch(unavailableFor(context));
  return { username: staff.username, owner: staff.role === "owner", counts: { newBookings, unhandledMessages, failedMail } };
}

/** Customers' names and phones: never kept by a shared cache or the browser's disk cache. */
export const headers = privatePageHeaders;

export default function AdminLayout() {
  const { username, owner, counts } = useLoaderData<typeof loader>();
  return (
    <AdminToastProvider>
      <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
        <aside className="bg-slate-900 text-slate-200 md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0">
          <div className="flex items-baseline justify-between gap-2 px-4 py-4 md:block">
            <Link to="/admin/dashboard" className="text-xl font-bold text-white">
              {brand.name} Admin
            </Link>
            <p className="truncate text-xs text-slate-400 md:mt-1">Signed in as {username}</p>
          </div>
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1 px-2 pb-3 md:flex-col md:pb-0">
              {menu.filter((item) => owner || !item.ownerOnly).map((item) => {
                const count = item.count?.(counts);
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={({ isActive }) => `${itemClass} ${isActive ? "bg-brand-700 text-white" : "hover:bg-slate-800"}`}
                    >
                      {item.label}
                      {count?.n ? " " : null}
                      {count?.n ? (
                        <span data-testid="nav-count" className="ml-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900">
                          {count.n}
                          <span className="sr-only"> {count.noun}</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
              <li>
                <Form method="post" action="/admin/logout">
                  <button type="submit" className={`${itemClass} hover:bg-slate-800`}>
                    Logout
                  </button>
                </Form>
              </li>
            </ul>
          </nav>
        </aside>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
    </AdminToastProvider>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }];

/** The layout itself failed (its session check could not reach the database). */
export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold text-slate-900">{brand.name} Admin</h1>
      <p role="alert" className="mt-4 font-medium text-red-700">
        Error: {errorMessage(useRouteError())}
      </p>
    </main>
  );
}
