import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { messagesSummary } from "~/components/forms/error-summary";
import { InputField, SelectField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { customerContactSchema, customerEditSchema } from "~/schemas/customer";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { CustomerView } from "~/types/customers";
import { SaveRefused } from "./changed-meanwhile";
import { secondaryButton } from "./ui";

type Customer = CustomerView["customer"];

const channels = [
  { value: "email", label: "E-mail" },
  { value: "sms", label: "Text" },
  { value: "both", label: "E-mail and text" },
];

/**
 * The customer's name and the channel their next repairs start with, carrying the version they
 * were read at (decision 0039): a stale save comes back with what changed and the typed values.
 */
export function CustomerEditForm({
  customer,
  constraint,
  lastResult,
  conflict,
}: {
  customer: Customer;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
}) {
  const shown = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    notifyBy: customer.notifyBy,
  };
  const { form, field } = useFormReply<z.input<typeof customerEditSchema>>(lastResult, {
    constraint,
    defaultValue: shown,
  });
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="version" value={conflict?.version ?? customer.version} />
      <input type="hidden" name="shown" value={JSON.stringify(shown)} />
      <SaveRefused form={form} conflict={conflict} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={field("firstName")} label="First name" required />
        <InputField field={field("lastName")} label="Last name" required />
        <SelectField
          field={field("notifyBy")}
          label="Repair updates by"
          hint="Offered on their next walk-in; each repair keeps the choice it was booked with."
        >
          {channels.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitButton label="Save Customer" pendingLabel="Saving..." />
    </Form>
  );
}

/** The customer's phones (with their STOP state) and e-mail addresses, each removable, and a form to add one. */
export function CustomerContacts({
  customer,
  contacts,
  constraint,
  lastResult,
  conflict,
  removeResult,
}: {
  customer: Customer;
  contacts: CustomerView["contacts"];
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
  removeResult?: { errors?: string[]; conflict?: ChangedMeanwhile };
}) {
  const { form, field } = useFormReply<z.input<typeof customerContactSchema>>(lastResult, {
    constraint,
  });
  return (
    <div className="space-y-4">
      {removeResult?.errors ? (
        <SaveRefused
          form={messagesSummary("remove-contact-error", removeResult.errors)}
          conflict={removeResult.conflict}
        />
      ) : null}
      <ul className="divide-y divide-slate-200" aria-label="Phones and e-mail addresses">
        {contacts.map((contact) => (
          <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="mr-2 text-xs font-medium tracking-wide text-slate-600 uppercase">
                {contact.kind === "phone" ? "Phone" : "E-mail"}
              </span>
              {contact.kind === "phone" ? (
                <a href={`tel:${contact.value}`} className="text-brand-700 hover:underline">
                  {contact.value}
                </a>
              ) : (
                <a href={`mailto:${contact.value}`} className="text-brand-700 hover:underline">
                  {contact.value}
                </a>
              )}
              {contact.stopped ? (
                <span className="ml-2 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                  Replied STOP: no texts
                </span>
              ) : null}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove_contact" />
              <input type="hidden" name="contactId" value={contact.id} />
              <input type="hidden" name="version" value={customer.version} />
              <button
                type="submit"
                className={`${secondaryButton} min-h-9 px-3 py-1`}
                aria-label={`Remove ${contact.value}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="space-y-3" {...form.props}>
        <input type="hidden" name="intent" value="add_contact" />
        <input type="hidden" name="version" value={conflict?.version ?? customer.version} />
        <SaveRefused form={form} conflict={conflict} />
        <InputField
          field={field("contact")}
          label="Add a phone or e-mail"
          inputProps={{
            type: "text",
            autoComplete: "off",
            placeholder: "(905) 555-0100 or name@example.com",
          }}
        />
        <SubmitButton label="Add Contact" pendingLabel="Adding..." />
      </Form>
    </div>
  );
}
