import type { MetaFunction } from "react-router";
import { Form, Link, Outlet, useLoaderData, useLocation, useRouteError } from "react-router";
import { useEffect, useRef } from "react";
import { errorMessage } from "~/components/admin/admin-error";
import { AdminSearch } from "~/components/admin/admin-search";
import { AdminToastProvider } from "~/components/admin/admin-toasts";
import { brand } from "~/config/shop";
import { countUnhandledMessages } from "~/models/contact-message.server";
import { countNewBookings } from "~/models/booking-list.server";
import { pageTitle } from "~/utils/meta";
import { countFailedMail } from "~/models/outbox-message.server";
import { countOffersDueToday } from "~/models/trade-offer.server";
import { countHeldReservations } from "~/models/stock-reservation.server";
import { privatePageHeaders } from "~/utils/private-page";
import { staffLoader } from "~/server/staff-route.server";
import { may, type Permission } from "~/utils/staff-permissions";

type Counts = {
  newBookings: number;
  unhandledMessages: number;
  failedMail: number;
  tradeInsToday: number;
  heldReservations: number;
};

/**
 * The menu; a counter shows how many items wait for staff (bookings new since their last look at
 * the list, unanswered messages, failed e-mails, trade-ins due for drop-off today, devices held for
 * pickup). An entry that names a permission shows only to roles that have it
 * (app/utils/staff-permissions.ts).
 */
const menu: {
  to: string;
  label: string;
  may?: Permission;
  count?: (counts: Counts) => { n: number; noun: string };
}[] = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/agenda", label: "Agenda" },
  {
    to: "/admin/repairs",
    label: "Manage Repairs",
    count: (c) => ({ n: c.newBookings, noun: "new" }),
  },
  { to: "/admin/repairs/new", label: "New Walk-in" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/invoices", label: "Invoices" },
  {
    to: "/admin/trade-ins",
    label: "Trade-ins",
    count: (c) => ({ n: c.tradeInsToday, noun: "today" }),
  },
  { to: "/admin/purchases", label: "Purchases", may: "buyDevices" },
  { to: "/admin/stock", label: "Stock", may: "buyDevices" },
  {
    to: "/admin/reservations",
    label: "Reservations",
    count: (c) => ({ n: c.heldReservations, noun: "held" }),
  },
  { to: "/admin/repair-items", label: "Manage Price List" },
  {
    to: "/admin/messages",
    label: "Messages",
    count: (c) => ({ n: c.unhandledMessages, noun: "unhandled" }),
  },
  {
    to: "/admin/outbox",
    label: "Outbox",
    may: "manageOutbox",
    count: (c) => ({ n: c.failedMail, noun: "failed" }),
  },
  { to: "/admin/close", label: "Day's Close", may: "closeDay" },
  { to: "/admin/analytics", label: "Analytics", may: "seeReports" },
  { to: "/admin/reports", label: "Reports", may: "seeReports" },
  { to: "/admin/staff", label: "Staff", may: "manageStaff" },
  { to: "/admin/hours", label: "Hours & Closures", may: "manageSettings" },
  { to: "/admin/settings", label: "Settings", may: "manageSettings" },
  { to: "/admin/photos", label: "Shop Photos", may: "manageSettings" },
  { to: "/admin/audit", label: "Audit Trail", may: "seeReports" },
  { to: "/admin/security", label: "Account & Security" },
];

const itemClass =
  "flex min-h-10 w-full items-center whitespace-nowrap rounded-md px-3 py-2 text-left text-sm font-medium";

/**
 * The menu entry a path belongs to: the longest entry that is the path or a folder above it, so
 * /admin/repairs/new is New Walk-in alone while /admin/repairs/42 is still Manage Repairs.
 */
function activeEntry(pathname: string) {
  const path = pathname.replace(/\/+$/, "");
  return menu
    .filter((item) => path === item.to || path.startsWith(`${item.to}/`))
    .reduce<(typeof menu)[number] | undefined>(
      (best, item) => (!best || item.to.length > best.to.length ? item : best),
      undefined,
    );
}

export const loader = staffLoader(async ({ staff }) => {
  const [newBookings, unhandledMessages, failedMail, tradeInsToday, heldReservations] =
    await Promise.all([
      countNewBookings(staff.id),
      countUnhandledMessages(),
      // Failed mail waits for those who can open the outbox; the others have nothing to do about it.
      may(staff.role, "manageOutbox") ? countFailedMail() : 0,
      // Open offers whose seller picked a drop-off time today: one count on the drop-off index.
      countOffersDueToday(),
      countHeldReservations(),
    ]);
  return {
    username: staff.username,
    role: staff.role,
    counts: { newBookings, unhandledMessages, failedMail, tradeInsToday, heldReservations },
  };
});

/** Customers' names and phones: never kept by a shared cache or the browser's disk cache. */
export const headers = privatePageHeaders;

export default function AdminLayout() {
  const { username, role, counts } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const active = activeEntry(pathname);
  // What waits behind the folded phone menu, so a new booking is not missed there either.
  const waiting =
    counts.newBookings +
    counts.unhandledMessages +
    counts.failedMail +
    counts.tradeInsToday +
    counts.heldReservations;
  const toggle = useRef<HTMLInputElement>(null);
  // Without JavaScript the phone menu stays open until a page loads; with it, following a link
  // closes it.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [pathname]);
  return (
    <AdminToastProvider>
      <div className="admin-shell flex min-h-screen flex-col bg-slate-50 md:flex-row">
        <aside className="bg-slate-900 text-slate-200 md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0 md:overflow-y-auto">
          {/* On phones the menu folds behind "Menu": a checkbox and its label, so it opens without JavaScript. */}
          <input
            ref={toggle}
            type="checkbox"
            id="admin-menu-toggle"
            className="peer sr-only md:hidden"
            aria-controls="admin-menu"
          />
          <div className="flex items-center justify-between gap-3 px-4 py-3 md:block md:py-4 peer-focus-visible:[&_label]:ring-2 peer-focus-visible:[&_label]:ring-white">
            <div className="min-w-0">
              <Link
                to="/admin/dashboard"
                className="block truncate text-lg font-bold text-white md:text-xl"
              >
                {brand.name} Admin
              </Link>
              <p className="truncate text-xs text-slate-300 md:hidden" data-testid="current-page">
                {active?.label ?? "Admin"}
              </p>
              <p className="hidden truncate text-xs text-slate-400 md:mt-1 md:block">
                Signed in as {username}
              </p>
            </div>
            <label
              htmlFor="admin-menu-toggle"
              className="inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-slate-600 px-3 text-sm font-semibold text-white hover:bg-slate-800 md:hidden"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
              Menu
              {waiting ? (
                <span
                  data-testid="menu-waiting"
                  className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900"
                >
                  {waiting}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </label>
          </div>
          <AdminSearch />
          <nav
            id="admin-menu"
            aria-label="Admin"
            className="hidden border-t border-slate-800 peer-checked:block md:block md:border-0"
          >
            <p className="truncate px-4 pt-3 text-xs text-slate-400 md:hidden">
              Signed in as {username}
            </p>
            <ul className="grid gap-1 px-2 py-3 md:pt-0">
              {menu
                .filter((item) => !item.may || may(role, item.may))
                .map((item) => {
                  const count = item.count?.(counts);
                  const current = item === active;
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        aria-current={current ? "page" : undefined}
                        className={`${itemClass} ${current ? "bg-brand-700 text-white" : "hover:bg-slate-800"}`}
                      >
                        {item.label}
                        {count?.n ? " " : null}
                        {count?.n ? (
                          <span
                            data-testid="nav-count"
                            className="ml-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900"
                          >
                            {count.n}
                            <span className="sr-only"> {count.noun}</span>
                          </span>
                        ) : null}
                      </Link>
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

export const meta: MetaFunction = () => [
  { title: pageTitle("Admin") },
  { name: "robots", content: "noindex" },
];

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
