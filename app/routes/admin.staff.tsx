import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction, ShouldRevalidateFunction } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { StaffAccountCard } from "~/components/admin/staff-account-card";
import { StaffCreateForm } from "~/components/admin/staff-create-form";
import { StaffShownPassword } from "~/components/admin/staff-shown-password";
import { panel, secondaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { pageTitle } from "~/utils/meta";
import { formatShopDate } from "~/utils/shop-time";
import { staffChangeFailed, staffPageAction } from "~/routes/staff-actions.server";
import { sessionViews } from "~/routes/staff-sessions.server";
import { listStaff } from "~/models/staff-user.server";
import { createStaffSchema } from "~/schemas/staff";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ request, staff }) => {
    const accounts = await listStaff();
    const sessions = await sessionViews(
      request,
      accounts.map((account) => account.id),
    );
    return {
      constraint: getZodConstraint(createStaffSchema),
      accounts: accounts.map((account) => ({
        id: account.id,
        version: account.version,
        username: account.username,
        role: account.role,
        twoFactor: account.twoFactor,
        disabled: account.disabledAt !== null,
        disabledOn: account.disabledAt ? formatShopDate(account.disabledAt) : null,
        created: formatShopDate(account.createdAt),
        sessions: sessions.get(account.id) ?? [],
        isYou: account.id === staff.id,
      })),
    };
  },
  { may: "manageStaff", unavailable: "Failed to load the staff accounts." },
);

export const action = staffAction(
  ({ request, context, staff: owner }) => staffPageAction(request, context, owner),
  { may: "manageStaff", outage: staffChangeFailed },
);

/** After a change refused because the account changed meanwhile, the page shows it as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

export default function AdminStaffPage() {
  const { constraint, accounts } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  useActionToast(outcome?.toast);
  const active = accounts.filter((account) => !account.disabled).length;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Staff</h1>
          <p className="mt-1 text-sm text-slate-600">
            {active} active of {accounts.length} {accounts.length === 1 ? "account" : "accounts"}.
            Every change here is kept in the audit trail.
          </p>
        </div>
        <Link to="/admin/audit" className={secondaryButton}>
          Audit trail
        </Link>
      </div>
      {outcome?.shown ? <StaffShownPassword shown={outcome.shown} /> : null}
      <section aria-labelledby="accounts-heading" className="mt-6">
        <h2 id="accounts-heading" className="sr-only">
          Accounts
        </h2>
        <ul className="grid max-w-5xl gap-4">
          {accounts.map((account) => (
            <StaffAccountCard key={account.id} account={account} outcome={outcome} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="add-staff-heading" className={`${panel} mt-8 max-w-3xl`}>
        <h2 id="add-staff-heading" className="text-lg font-semibold text-slate-900">
          Add staff member
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          They sign in at the staff login with this username and password.
        </p>
        <StaffCreateForm
          // A fresh, empty form once an account was added with a generated password.
          key={outcome?.shown?.password ?? "create"}
          constraint={constraint}
          lastResult={outcome?.intent === "create" && !outcome.shown ? outcome.result : undefined}
        />
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Staff") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = AdminErrorBoundary;
