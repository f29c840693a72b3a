import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { panel, primaryButton } from "~/components/admin/ui";
import { ChoiceField } from "~/components/forms/choice-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, InputField, SelectField, TextareaField } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { trade } from "~/config/shop";
import type { purchaseSchema } from "~/schemas/buyback-purchase";
import { payoutMethods, sellerIdTypes } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { payoutWords, sellerDeclaration, sellerIdTypeWords } from "~/utils/trade-words";
import { SignaturePad } from "./signature-pad";
import { TradeDeviceFields } from "./trade-device-fields";

const sectionHeading = "text-lg font-semibold text-slate-900";

/**
 * The counter's purchase form: works as a plain HTML form; with JavaScript the seller also signs
 * on the pad. From an online offer, its amount is named beside the amount paid.
 */
export function PurchaseForm({
  result,
  constraint,
  submissionKey,
  defaultValue,
  offerCents,
}: {
  result: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  submissionKey: string;
  defaultValue?: Record<string, string>;
  offerCents?: number;
}) {
  const { form, field } = useFormReply<z.input<typeof purchaseSchema>>(result, {
    constraint,
    defaultValue,
  });
  const offer = field("offer").props.defaultValue;
  const blocklist = field("blocklistClear");
  return (
    <Form method="post" className="mt-6 space-y-6" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {offer ? <input type="hidden" name="offer" value={offer} /> : null}
      <section aria-labelledby="seller-heading" className={panel}>
        <h2 id="seller-heading" className={sectionHeading}>
          Seller
        </h2>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            field={field("sellerName")}
            label="Name"
            required
            inputProps={{ autoComplete: "off" }}
          />
          <InputField
            field={field("sellerPhone")}
            label="Phone"
            required
            inputProps={{ type: "tel", autoComplete: "off" }}
          />
          <SelectField field={field("idType")} label="Government ID" required>
            <option value="">Select the ID shown</option>
            {sellerIdTypes.map((type) => (
              <option key={type} value={type}>
                {sellerIdTypeWords[type]}
              </option>
            ))}
          </SelectField>
          <InputField
            field={field("idNumber")}
            label="ID number"
            required
            hint="Kept encrypted and shown only as its last four digits."
            inputProps={{ autoComplete: "off", spellCheck: false }}
          />
        </div>
      </section>
      <section aria-labelledby="device-heading" className={panel}>
        <h2 id="device-heading" className={sectionHeading}>
          Device
        </h2>
        <div className="mt-4">
          <TradeDeviceFields
            fields={{
              category: field("category"),
              brand: field("brand"),
              model: field("model"),
              storage: field("storage"),
              colour: field("colour"),
              identifier: field("identifier"),
              grade: field("grade"),
            }}
          />
        </div>
        <div className="mt-4">
          <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
            <input
              id={blocklist.id}
              type="checkbox"
              name="blocklistClear"
              required
              defaultChecked={blocklist.props.defaultValue === "on"}
              aria-invalid={blocklist.props["aria-invalid"]}
              aria-describedby={blocklist.errors?.length ? blocklist.errorId : undefined}
              className="mt-0.5 h-4 w-4 border-slate-300"
            />
            <span>Checked on Device Check Canada: not blocklisted</span>
          </label>
          <p className="mt-1 text-sm text-slate-700">
            <a
              href={trade.deviceCheckUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline"
            >
              Open Device Check Canada (opens in a new tab)
            </a>
            . A device on the blocklist cannot be bought. Your name and the time are recorded with
            the check.
          </p>
          <FieldError field={blocklist} />
        </div>
      </section>
      <section aria-labelledby="amount-heading" className={panel}>
        <h2 id="amount-heading" className={sectionHeading}>
          Amount and payout
        </h2>
        {offerCents !== undefined ? (
          <p className="mt-1 text-sm text-slate-700">
            Online offer {offer}: {formatCents(offerCents)}.
          </p>
        ) : null}
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PriceField field={field("amount")} label="Amount paid" required />
          <InputField
            field={field("payoutReference")}
            label="e-Transfer reference"
            hint="Needed when paying by Interac e-Transfer."
          />
        </div>
        <ChoiceField
          className="mt-4"
          field={field("payoutMethod")}
          legend="Paid by"
          required
          options={payoutMethods.map((value) => ({ value, label: payoutWords[value] }))}
        />
        {offerCents !== undefined ? (
          <div className="mt-4">
            <TextareaField
              field={field("lowerReason")}
              label="Why less than the online offer"
              hint="Needed when paying less than the offer. The seller reads it on the record."
              textareaProps={{ rows: 2 }}
            />
          </div>
        ) : null}
      </section>
      <section aria-labelledby="declaration-heading" className={panel}>
        <h2 id="declaration-heading" className={sectionHeading}>
          Seller&apos;s declaration
        </h2>
        <p className="mt-2 text-sm text-slate-800">{sellerDeclaration}</p>
        <div className="mt-4 space-y-4">
          <InputField
            field={field("declarationName")}
            label="Seller's name, typed by the seller"
            required
            inputProps={{ autoComplete: "off" }}
          />
          <SignaturePad name="signature" />
          <FieldError field={field("signature")} />
        </div>
      </section>
      <SubmitButton label="Buy device" pendingLabel="Saving…" look={primaryButton} />
    </Form>
  );
}
