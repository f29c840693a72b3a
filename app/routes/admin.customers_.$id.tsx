import { getZodConstraint } from "@conform-to/zod";
import { data, redirect, type MetaFunction, type ShouldRevalidateFunction } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import type { ReactNode } from "react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn } from "~/components/admin/changed-meanwhile";
import { CustomerContacts, CustomerEditForm } from "~/components/admin/customer-forms";
import { Section } from "~/components/admin/repair-detail-sections";
import { RepairLines } from "~/components/admin/repair-lines";
import { useActionToast } from "~/components/toaster";
import { customerView, findCustomer } from "~/models/customer.server";
import { customerContactSchema, customerEditSchema } from "~/schemas/customer";
import { customerPageAction } from "~/routes/customer-form.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { staffAction, staffLoader } from "~/server/staff-route.server";

const notFound = () => data("Customer not found.", { status: 404 });

export const loader = staffLoader(async ({ params }) => {
  const id = parseRecordId(params.id);
  const customer = id === undefined ? undefined : await findCustomer(id);
  if (!customer) throw notFound();
  // A merged record's old address leads to the record it went into.
  if (customer.mergedIntoId !== null) throw redirect(`/admin/customers/${customer.mergedIntoId}`);
  return {
    ...(await customerView(customer)),
    editConstraint: getZodConstraint(customerEditSchema),
    contactConstraint: getZodConstraint(customerContactSchema),
  };
});

export const action = staffAction(async ({ request, params, context, staff }) => {
  const id = parseRecordId(params.id);
  if (id === undefined) throw notFound();
  return customerPageAction(request, context, id, staff);
});

/** After a refused save (409) the page reloads what is stored now (decision 0039). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

export default function CustomerPage() {
  const {
    customer,
    contacts,
    devices,
    repairs,
    quotes,
    texts,
    messages,
    editConstraint,
    contactConstraint,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined;
  const edit = resultFor("edit");
  const add = resultFor("add_contact");
  const remove = resultFor("remove_contact");

  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/customers" className="font-medium text-brand-700 hover:underline">
          ← Back to customers
        </Link>
      </nav>
      <header className="mt-3">
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
          {customer.name}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Customer #{customer.id} · since {customer.createdAt} · updates by {customer.notifyByLabel}{" "}
          · {customer.reviewOptIn ? "agreed to be asked for a review" : "not asked for reviews"}
        </p>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <Section title="Phones and E-mails" id="contacts-heading">
            <CustomerContacts
              key={`${customer.version}|${add ? (conflictIn(add)?.version ?? "") : ""}`}
              customer={customer}
              contacts={contacts}
              constraint={contactConstraint}
              lastResult={add?.result}
              conflict={add ? conflictIn(add) : undefined}
              removeResult={
                remove
                  ? {
                      errors: remove.result?.error?.[""] ?? undefined,
                      conflict: conflictIn(remove),
                    }
                  : undefined
              }
            />
          </Section>
          <Section title="Name and Updates" id="edit-heading">
            <CustomerEditForm
              key={`${customer.version}|${edit && conflictIn(edit)?.version}`}
              customer={customer}
              constraint={editConstraint}
              lastResult={edit?.result}
              conflict={edit ? conflictIn(edit) : undefined}
            />
          </Section>
          <Section title="Devices" id="devices-heading">
            {devices.length ? (
              <ul className="divide-y divide-slate-200">
                {devices.map((device) => (
                  <li key={device.id} className="py-2">
                    <Link
                      to={`/admin/devices/${device.id}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {device.name}
                    </Link>
                    <p className="text-sm text-slate-700">
                      {device.identifierLabel}:{" "}
                      <span className="font-mono">{device.identifier}</span>
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No device with an IMEI or serial number yet.</Empty>
            )}
          </Section>
        </div>
        <div className="space-y-6">
          <Section title="Repairs" id="repairs-heading">
            {repairs.length ? (
              <RepairLines
                repairs={repairs.map((r) => ({ ...r, summary: `${r.device} · ${r.issueType}` }))}
              />
            ) : (
              <Empty>No repairs.</Empty>
            )}
          </Section>
          <Section title="Quotes" id="quotes-heading">
            {quotes.length ? (
              <ul className="divide-y divide-slate-200 text-sm">
                {quotes.map((quote) => (
                  <li key={quote.id} className="py-2 [overflow-wrap:anywhere]">
                    <span className="font-mono">{quote.reference}</span>: {quote.amount} for{" "}
                    {quote.covers}
                    <span className="block text-xs text-slate-600">
                      {quote.status} · sent {quote.at}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No quotes.</Empty>
            )}
          </Section>
          <Section title="Texts Received" id="texts-heading">
            {texts.length ? (
              <ul className="divide-y divide-slate-200 text-sm">
                {texts.map((text) => (
                  <li key={text.id} className="py-2">
                    <p className="text-xs text-slate-600">
                      {text.at} · from {text.from}
                      {text.reference ? ` · ${text.reference}` : ""}
                    </p>
                    <p className="[overflow-wrap:anywhere] whitespace-pre-line">{text.body}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No texts from this customer.</Empty>
            )}
          </Section>
          <Section title="Messages Sent" id="messages-heading">
            {messages.length ? (
              <ul className="divide-y divide-slate-200 text-sm">
                {messages.map((message) => (
                  <li key={message.id} className="py-2">
                    {message.kind} ({message.channel}) · {message.status}
                    <span className="block text-xs text-slate-600">
                      {message.at}
                      {message.reference ? ` · ${message.reference}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>No messages sent.</Empty>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.customer.name : "Customer") },
];

export const ErrorBoundary = AdminErrorBoundary;
