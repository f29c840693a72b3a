import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { ChoiceField } from "~/components/forms/choice-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SelectField, TextareaField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { warranty as terms } from "~/config/shop";
import type { warrantyClaimSchema } from "~/schemas/warranty-claim";
import type { Warranty } from "~/types/invoice";
import { claimRefusals, claimWords, warrantyText } from "~/utils/warranty";
import { Section } from "./repair-detail-sections";
import { primaryButton } from "./ui";

/** A claim as the warranty page lists it. */
export type ClaimView = {
  id: number;
  reference: string;
  covered: boolean;
  exclusion: string | null;
  note: string;
  on: string;
};

function ClaimForm({
  constraint,
  result,
  submissionKey,
}: {
  constraint: FormConstraint;
  result?: SubmissionResult<string[]>;
  submissionKey: string;
}) {
  const { form, field } = useFormReply<z.input<typeof warrantyClaimSchema>>(result, {
    constraint,
  });
  return (
    <Form method="post" className="mt-4 space-y-4" {...form.props}>
      <ErrorSummary form={form} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <ChoiceField
        field={field("decision")}
        legend="Does the warranty cover it?"
        required
        options={[
          { value: "covered", label: "Covered: repair at no charge" },
          { value: "not_covered", label: "Not covered" },
        ]}
      />
      <SelectField field={field("exclusion")} label="If not covered, why" hint="From the terms">
        <option value="">Choose…</option>
        {claimRefusals.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
      </SelectField>
      <TextareaField
        field={field("note")}
        label="What is wrong with the device now"
        required
        textareaProps={{ rows: 3 }}
      />
      <SubmitButton label="Open warranty claim" pendingLabel="Opening…" look={primaryButton} />
    </Form>
  );
}

/**
 * A repair's warranty: how long it has left, the claims made on it (each a repair of its own), and
 * the form that opens one; or, for a repair that is itself a claim, the repair it claims on.
 */
export function WarrantyPanel({
  warranty,
  claims,
  claimOf,
  constraint,
  result,
  submissionKey,
}: {
  warranty: Warranty | null;
  claims: ClaimView[];
  claimOf: ClaimView | null;
  constraint: FormConstraint;
  result?: SubmissionResult<string[]>;
  submissionKey: string;
}) {
  return (
    <div className="mt-6 max-w-3xl space-y-6">
      {claimOf ? (
        <Section title="This repair is a warranty claim" id="claim-of-heading">
          <p className="text-sm text-slate-800">
            On{" "}
            <Link
              to={`/admin/repairs/${claimOf.id}`}
              className="font-mono text-brand-700 underline"
            >
              {claimOf.reference}
            </Link>
            , opened {claimOf.on}: {claimWords(claimOf)}.
          </p>
        </Section>
      ) : null}
      <Section title="Warranty" id="warranty-heading">
        <p className="text-base font-semibold text-slate-900" data-testid="warranty-status">
          {warranty
            ? warrantyText(warranty)
            : "No issued invoice yet: the warranty starts on the invoice date."}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {terms.days} days on {terms.covers} from {terms.startsFrom}. Not covered:{" "}
          {terms.exclusions.map((exclusion) => exclusion.toLowerCase()).join("; ")}.
        </p>
        {claims.length ? (
          <ul className="mt-4 divide-y divide-slate-200 text-sm" aria-label="Claims">
            {claims.map((claim) => (
              <li key={claim.id} className="py-2">
                <Link
                  to={`/admin/repairs/${claim.id}`}
                  className="font-mono font-semibold text-brand-700 underline"
                >
                  {claim.reference}
                </Link>
                , {claim.on}: {claimWords(claim)}
                <span className="block [overflow-wrap:anywhere] text-slate-700">{claim.note}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Section>
      {warranty ? (
        <Section title="Open a warranty claim" id="claim-heading">
          <p className="text-sm text-slate-700">
            The claim is a repair of its own for the same customer and device, linked to this one.
          </p>
          <ClaimForm constraint={constraint} result={result} submissionKey={submissionKey} />
        </Section>
      ) : null}
    </div>
  );
}
