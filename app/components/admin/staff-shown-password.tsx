import { Link } from "react-router";
import type { ShownPassword } from "~/types/staff";
import { primaryButton } from "./ui";

/** A generated password, in this one answer only: the page reloads without it. */
export function StaffShownPassword({ shown }: { shown: ShownPassword }) {
  return (
    <section
      aria-labelledby="shown-password-heading"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-6"
    >
      <h2 id="shown-password-heading" className="text-lg font-semibold text-slate-900">
        {shown.created
          ? `Password for the new account ${shown.username}`
          : `New password for ${shown.username}`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Shown only now. Give it to {shown.username} in person; they can change it under Account
        &amp; Security.
      </p>
      <p
        data-testid="shown-password"
        className="mt-3 rounded-md bg-white p-3 font-mono text-lg break-all text-slate-900 ring-1 ring-amber-300"
      >
        {shown.password}
      </p>
      <Link to="/admin/staff" className={`${primaryButton} mt-4`}>
        Done
      </Link>
    </section>
  );
}
