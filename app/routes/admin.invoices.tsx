import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import type { z } from "zod";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { FilterForm, FilterSearch } from "~/components/admin/filter-form";
import { InvoiceList } from "~/components/admin/invoice-list";
import { Pagination } from "~/components/admin/pagination";
import { panel, primaryButton } from "~/components/admin/ui";
import { ErrorSummary } from "~/components/forms/error-summary";
import { InputField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { listInvoices } from "~/models/invoice-list.server";
import { counterSaleAction } from "~/routes/invoice-form.server";
import { invoiceListQuerySchema } from "~/schemas/admin-filters";
import { counterSaleSchema } from "~/schemas/invoice";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { pageTitle } from "~/utils/meta";
import { formatShopDate } from "~/utils/shop-time";

const pageSize = 25;

export const loader = staffLoader(
  async ({ request }) => {
    const query = invoiceListQuerySchema.parse(
      Object.fromEntries(new URL(request.url).searchParams),
    );
    const { total, items } = await listInvoices(
      query.q ?? "",
      pageSize,
      (query.page - 1) * pageSize,
    );
    return {
      query,
      total,
      items: items.map(({ issuedAt, createdAt, ...invoice }) => ({
        ...invoice,
        on: formatShopDate(issuedAt ?? createdAt),
      })),
      constraint: getZodConstraint(counterSaleSchema),
      submissionKey: issueFormKey(),
    };
  },
  { unavailable: "Could not load the invoices. Please try again in a minute." },
);

/** A counter sale started: its draft invoice, to add lines to. */
export const action = staffAction(({ request, context, staff }) =>
  counterSaleAction(request, context, staff),
);

export default function AdminInvoicesPage() {
  const { query, total, items, constraint, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const { form, field } = useFormReply<z.input<typeof counterSaleSchema>>(actionData?.result, {
    constraint,
  });
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Invoices</h1>
      <section aria-labelledby="sale-heading" className={`${panel} mt-6`}>
        <h2 id="sale-heading" className="text-lg font-semibold text-slate-900">
          New counter sale
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          An accessory or a part sold with no repair: an invoice of its own.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" {...form.props}>
          <ErrorSummary form={form} />
          <input
            type="hidden"
            name="submissionKey"
            value={actionData?.submissionKey ?? submissionKey}
          />
          <div className="min-w-0 grow">
            <InputField field={field("customerName")} label="Made out to" required />
          </div>
          <SubmitButton label="Start sale" pendingLabel="Starting…" look={primaryButton} />
        </Form>
      </section>
      <div className={`${panel} mt-6`}>
        <FilterForm submitLabel="Search" clearTo="/admin/invoices" active={!!query.q}>
          <FilterSearch
            id="invoices-q"
            label="Search"
            value={query.q}
            placeholder="Invoice number or name"
          />
        </FilterForm>
        {items.length ? (
          <div className="mt-6">
            <InvoiceList items={items} />
          </div>
        ) : (
          <p className="mt-6 text-slate-600">No invoices found.</p>
        )}
        <Pagination page={query.page} pageSize={pageSize} total={total} noun="invoices" />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Invoices") }];

export const ErrorBoundary = AdminErrorBoundary;
