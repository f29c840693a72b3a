import type { MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { SaveRefused } from "~/components/admin/changed-meanwhile";
import { messagesSummary } from "~/components/forms/error-summary";
import { RepairCount } from "~/components/admin/customer-list";
import { panel, primaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { customerSummaries } from "~/models/customer.server";
import { likelyDuplicatePairs } from "~/models/customer-changes.server";
import type { CustomerListItem } from "~/types/customers";
import { mergeAction } from "~/routes/customer-merge.server";
import { pageTitle } from "~/utils/meta";
import { staffAction, staffLoader } from "~/server/staff-route.server";

const reasonWords = {
  name: "Same name, different phones and e-mails",
  contacts: "A repair's phone was one record's and its e-mail the other's",
} as const;

export const loader = staffLoader(
  async () => {
    const pairs = await likelyDuplicatePairs();
    const cards = await customerSummaries(pairs.flatMap((p) => [p.a, p.b]));
    return {
      pairs: pairs.flatMap((p) => {
        const a = cards.get(p.a);
        const b = cards.get(p.b);
        return a && b ? [{ a, b, reasons: p.reasons.map((r) => reasonWords[r]) }] : [];
      }),
    };
  },
  { may: "mergeCustomers" },
);

export const action = staffAction(
  async ({ request, context, staff }) => mergeAction(request, context, staff),
  { may: "mergeCustomers" },
);

function Card({ customer }: { customer: CustomerListItem }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 p-3">
      <Link
        to={`/admin/customers/${customer.id}`}
        className="font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
      >
        {customer.name}
      </Link>{" "}
      <span className="text-xs text-slate-600">#{customer.id}</span>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {[...customer.phones, ...customer.emails].join(" · ") || "No contact"}
      </p>
      <p className="text-xs text-slate-600">
        <RepairCount customer={customer} />
      </p>
    </div>
  );
}

function MergeButton({ keep, merge }: { keep: CustomerListItem; merge: CustomerListItem }) {
  return (
    <Form method="post">
      <input type="hidden" name="keepId" value={keep.id} />
      <input type="hidden" name="mergeId" value={merge.id} />
      <input type="hidden" name="keepVersion" value={keep.version} />
      <input type="hidden" name="mergeVersion" value={merge.version} />
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`}>
        Keep #{keep.id}, merge #{merge.id} into it
      </button>
    </Form>
  );
}

export default function LikelyDuplicatesPage() {
  const { pairs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/customers" className="font-medium text-brand-700 hover:underline">
          ← Back to customers
        </Link>
      </nav>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Likely Duplicates</h1>
      <p className="mt-1 text-sm text-slate-700">
        Records that look like one person. Merging moves the repairs, devices, phones and e-mails to
        the record kept; the other one&apos;s address then leads there. It cannot be undone.
      </p>
      {actionData?.errors ? (
        <div className="mt-4">
          <SaveRefused
            form={messagesSummary("merge-error", actionData.errors)}
            conflict={actionData.conflict}
          />
        </div>
      ) : null}
      {pairs.length ? (
        <ul className="mt-6 space-y-4" aria-label="Likely duplicates">
          {pairs.map(({ a, b, reasons }) => (
            <li key={`${a.id}-${b.id}`} className={panel} data-testid="duplicate-pair">
              <p className="text-sm font-medium text-slate-800">{reasons.join("; ")}</p>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <Card customer={a} />
                <Card customer={b} />
              </div>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row">
                <MergeButton keep={a} merge={b} />
                <MergeButton keep={b} merge={a} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${panel} mt-6 text-slate-600`}>No likely duplicates.</p>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Likely Duplicates") }];

export const ErrorBoundary = AdminErrorBoundary;
