import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { ContactConsentFields } from "~/components/forms/contact-consent-fields";
import { ChoiceField } from "~/components/forms/choice-field";
import { DeviceCategoryOptions } from "~/components/forms/device-category-options";
import { InputField, SelectField, TextareaField } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { DefaultSubmit } from "~/components/forms/default-submit";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { commonIssues, type CategorySlug } from "~/config/shop";
import { statusLabels } from "~/utils/booking-status";
import { walkInStatuses, type walkInSchema } from "~/schemas/walk-in";
import type { IntakePriceChoices } from "~/types/catalogue";
import { checklistFieldValues, passcodeOptions } from "~/utils/intake-checklist";
import { IntakeChecklistField } from "./intake-checklist-field";
import { PriceListPick } from "./price-list-pick";
import { secondaryButton } from "./ui";
import { UrgencyField } from "~/components/forms/urgency-field";
import { paymentMethodLabel, paymentMethodsAtCounter } from "~/utils/payment-methods";
import { CustomerLookup } from "./customer-lookup";

/** Per category, the catalogue's brands and repairs: suggestions only, anything may be typed. */
export type WalkInSuggestions = Partial<
  Record<CategorySlug, { brands: string[]; repairs: string[] }>
>;

type Props = {
  submissionKey: string;
  today: string;
  suggestions: WalkInSuggestions;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  /** The price list's repairs for the device, when "Find repairs" posted the form (no JavaScript). */
  found?: IntakePriceChoices;
};

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="px-2 text-lg font-semibold text-slate-900">{title}</legend>
      {hint ? <p className="mb-4 text-sm text-slate-600">{hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

const saveLabel = "Save walk-in and print";

const unique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/**
 * One datalist per category and one with everything, for a page without JavaScript (the category is
 * not known).
 */
function Suggestions({
  id,
  suggestions,
  pick,
}: {
  id: string;
  suggestions: WalkInSuggestions;
  pick: (entry: { brands: string[]; repairs: string[] }) => string[];
}) {
  const entries = Object.entries(suggestions) as [
    CategorySlug,
    { brands: string[]; repairs: string[] },
  ][];
  const all = unique(entries.flatMap(([, entry]) => pick(entry)));
  return (
    <>
      <datalist id={`${id}-all`}>
        {all.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      {entries.map(([slug, entry]) => (
        <datalist key={slug} id={`${id}-${slug}`}>
          {pick(entry).map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ))}
    </>
  );
}

/**
 * The counter's walk-in form: who, which device, what is wrong, how it was left with us. Checked
 * on the server, with or without JavaScript; the hidden key makes a double submit one walk-in.
 */
export function WalkInForm({
  submissionKey,
  today,
  suggestions,
  lastResult,
  constraint,
  found,
}: Props) {
  const { form, field } = useFormReply<z.input<typeof walkInSchema>>(lastResult, {
    constraint,
    // The customer is at the counter with their phone: updates go by text, and by e-mail too
    // when they give an address. Every check starts as not tested.
    defaultValue: {
      urgency: "normal",
      status: "pending",
      sendConfirmation: "on",
      notifyBy: "both",
      ...checklistFieldValues(null),
    },
  });
  const firstName = field("firstName");
  const lastName = field("lastName");
  const phone = field("phone");
  const email = field("email");
  const deviceCategory = field("deviceCategory");
  const deviceBrand = field("deviceBrand");
  const deviceModel = field("deviceModel");
  const issueType = field("issueType");
  const issueDescription = field("issueDescription");
  const quotedPrice = field("quotedPrice");
  const deviceCondition = field("deviceCondition");
  const accessories = field("accessories");
  const passcode = field("passcode");
  const urgency = field("urgency");
  const expectedDeliveryDate = field("expectedDeliveryDate");
  const status = field("status");
  const sendConfirmation = field("sendConfirmation");
  const picked = field("priceItem").props.defaultValue;

  // With JavaScript the suggestions follow the chosen category; without, they cover every category.
  const [category, setCategory] = useState(deviceCategory.props.defaultValue ?? "");
  const listFor = (kind: string) =>
    `${form.props.id}-${kind}-${category && category in suggestions ? category : "all"}`;
  const issueSuggestions: WalkInSuggestions = Object.fromEntries(
    Object.entries(suggestions).map(([slug, entry]) => [
      slug,
      { brands: entry.brands, repairs: unique([...entry.repairs, ...commonIssues]) },
    ]),
  );

  return (
    <Form method="post" className="space-y-6" {...form.props}>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {/* Enter in a field saves, as the button at the foot does, not "Find customer". */}
      <DefaultSubmit label={saveLabel} />
      <Suggestions
        id={`${form.props.id}-brands`}
        suggestions={suggestions}
        pick={(entry) => entry.brands}
      />
      <Suggestions
        id={`${form.props.id}-repairs`}
        suggestions={issueSuggestions}
        pick={(entry) => entry.repairs}
      />
      <ErrorSummary form={form} />

      {/* The phone first: a returning customer's number brings the rest (the lookup). */}
      <Section title="Customer">
        <InputField
          field={phone}
          label="Phone"
          required
          inputProps={{
            type: "tel",
            inputMode: "tel",
            autoComplete: "off",
            placeholder: "(905) 555-0100",
          }}
        />
        <InputField
          field={email}
          label="E-mail"
          hint="Optional: for the confirmation and status e-mails."
          inputProps={{ type: "email", autoComplete: "off" }}
        />
        <CustomerLookup />
        <InputField
          field={firstName}
          label="First name"
          required
          inputProps={{ type: "text", autoComplete: "off" }}
        />
        <InputField
          field={lastName}
          label="Last name"
          required
          inputProps={{ type: "text", autoComplete: "off" }}
        />
      </Section>

      <Section title="Device and repair">
        <SelectField
          field={deviceCategory}
          label="Device category"
          required
          selectProps={{ onChange: (event) => setCategory(event.currentTarget.value) }}
        >
          <DeviceCategoryOptions value="slug" />
        </SelectField>
        <InputField
          field={deviceBrand}
          label="Brand"
          inputProps={{
            type: "text",
            list: listFor("brands"),
            autoComplete: "off",
            placeholder: "e.g. Apple",
          }}
        />
        <InputField
          field={deviceModel}
          label="Model"
          inputProps={{
            type: "text",
            list: `${form.props.id}-models`,
            autoComplete: "off",
            placeholder: "e.g. iPhone 13",
          }}
        />
        <InputField
          field={field("deviceIdentifier")}
          label="IMEI or serial number"
          hint="Optional: 15 digits for an IMEI (dial *#06#), or the serial number."
          inputProps={{ type: "text", autoComplete: "off", spellCheck: false }}
        />
        <PriceListPick
          formRef={form.props.ref}
          found={found}
          picked={picked}
          modelListId={`${form.props.id}-models`}
        />
        <InputField
          field={issueType}
          label="Issue"
          required
          hint="Pick a repair from the price list or type your own."
          inputProps={{ type: "text", list: listFor("repairs"), autoComplete: "off" }}
        />
        <PriceField
          field={quotedPrice}
          label="Quoted price (CAD)"
          hint="Leave empty if it is still to be quoted."
        />
        <div className="sm:col-span-2">
          <TextareaField
            field={issueDescription}
            label="What the customer describes"
            textareaProps={{ rows: 3 }}
          />
        </div>
      </Section>

      <Section title="Intake" hint="How the device was left with us. Never write down a passcode.">
        <TextareaField
          field={deviceCondition}
          label="Device condition"
          textareaProps={{ rows: 2, placeholder: "e.g. cracked back, scratches on the frame" }}
        />
        <TextareaField
          field={accessories}
          label="Accessories left"
          textareaProps={{ rows: 2, placeholder: "e.g. charger, case" }}
        />
        <ChoiceField
          field={passcode}
          legend="Passcode"
          required
          options={passcodeOptions}
          className="sm:col-span-2"
        />
        <IntakeChecklistField field={field} className="min-w-0 sm:col-span-2" />
      </Section>

      <Section title="Job">
        <UrgencyField field={urgency} />
        <InputField
          field={expectedDeliveryDate}
          label="Expected delivery"
          hint="Optional: today or later."
          inputProps={{ type: "date", min: today }}
        />
        <SelectField field={status} label="Initial status">
          {walkInStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <label className="flex min-h-6 items-start gap-2 text-sm text-slate-800">
            <input
              id={sendConfirmation.id}
              type="checkbox"
              name={sendConfirmation.props.name}
              value="on"
              defaultChecked={sendConfirmation.props.defaultValue === "on"}
              aria-describedby={`${sendConfirmation.id}-hint`}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>
              E-mail a confirmation to the customer
              <span id={`${sendConfirmation.id}-hint`} className="block text-xs text-slate-500">
                Only sent when an e-mail address is given. It has the reference and the private
                tracking link.
              </span>
            </span>
          </label>
        </div>
      </Section>
      <Section
        title="Deposit"
        hint="Optional: money taken now against the quote. It goes on the repair's invoice, which starts as a draft."
      >
        <PriceField
          field={field("depositAmount")}
          label="Deposit ($)"
          hint="Leave empty to take none."
        />
        <SelectField field={field("depositMethod")} label="Paid by" alwaysChosen>
          {paymentMethodsAtCounter.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
        <PriceField
          field={field("depositTendered")}
          label="Cash handed over ($)"
          hint="Cash only"
        />
        <InputField
          field={field("depositReference")}
          label="e-Transfer reference"
          hint="Interac e-Transfer only"
          inputProps={{ autoComplete: "off" }}
        />
      </Section>
      <ContactConsentFields field={field} customer="the customer" />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/admin/repairs" className={secondaryButton}>
          Cancel
        </Link>
        <SubmitButton label={saveLabel} pendingLabel="Saving..." />
      </div>
    </Form>
  );
}
