import { Form, useLocation } from "react-router";

/**
 * The search box in every admin page's header: a plain GET form to the repair list, so it works
 * without JavaScript, and on the results it still holds what was searched. It finds repairs by
 * reference, name, phone, e-mail, IMEI or serial number, device, issue or private note
 * (app/models/booking-list.server.ts); the results start with the customers it finds. Its words are "Find" rather than "Search": the repair list
 * has a Search of its own, and two controls of one name would be one too many for a screen reader.
 */
export function AdminSearch() {
  const { pathname, search } = useLocation();
  const q =
    pathname.replace(/\/+$/, "") === "/admin/repairs"
      ? (new URLSearchParams(search).get("q") ?? "")
      : "";
  return (
    <Form
      method="get"
      action="/admin/repairs"
      role="search"
      aria-label="Quick find"
      className="flex gap-2 px-4 pb-3"
    >
      <label htmlFor="admin-search-q" className="sr-only">
        Find a repair
      </label>
      {/* Keyed by the search, so the box follows the results page as it changes. */}
      <input
        key={q}
        id="admin-search-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={100}
        placeholder="Find a repair"
        title="Reference, name, phone, e-mail, IMEI or serial number, device, issue or private note"
        className="min-h-10 min-w-0 flex-1 rounded-md border border-slate-600 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-white focus:outline-none"
      />
      <button
        type="submit"
        className="min-h-10 shrink-0 rounded-md border border-slate-600 px-3 text-sm font-semibold text-white hover:bg-slate-800 focus:ring-2 focus:ring-white focus:outline-none"
      >
        Find
      </button>
    </Form>
  );
}
