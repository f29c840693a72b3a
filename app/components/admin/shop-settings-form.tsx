import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { ChoiceField } from "~/components/forms/choice-field";
import { contactPromise } from "~/content/messages/booking-messages";
import { InputField, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { shopSettingsSchema } from "~/schemas/shop-settings";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { ShopSettingsView } from "~/types/shop-settings";
import { SaveRefused } from "./changed-meanwhile";

const newBookingOptions = [
  { value: "received", label: "Received: staff confirm it" },
  { value: "confirmed", label: "Confirmed at once" },
] as const;

const approvalOptions = [
  { value: "off", label: "Leave the status to staff" },
  { value: "on", label: "Start the repair (In Progress)" },
] as const;

/**
 * The shop's settings as the form shows them, carrying the version they were read at (decision
 * 0039): a stale save comes back with what changed and the typed values on top.
 */
export function ShopSettingsForm({
  current,
  constraint,
  lastResult,
  conflict,
}: {
  current: ShopSettingsView;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
}) {
  const { form, field } = useFormReply<z.input<typeof shopSettingsSchema>>(lastResult, {
    constraint,
    defaultValue: current.shown,
  });
  const number = { inputMode: "numeric", className: `${inputClass} max-w-32` } as const;
  return (
    <Form method="post" className="space-y-6" {...form.props}>
      <input type="hidden" name="version" value={conflict?.version ?? current.version} />
      <input type="hidden" name="shown" value={JSON.stringify(current.shown)} />
      <SaveRefused form={form} conflict={conflict} />
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Online bookings</legend>
        <InputField
          field={field("bookingSlotCapacity")}
          label="Bookings per time"
          hint="How many repairs customers can book for the same time. Walk-ins are not counted."
          required
          inputProps={number}
        />
        <InputField
          field={field("bookingLimitPerCustomer")}
          label="Upcoming bookings per customer"
          hint="How many upcoming online bookings one phone number or e-mail address may hold."
          required
          inputProps={number}
        />
        <InputField
          field={field("changeCutoffHours")}
          label="Online changes stop (hours before)"
          hint="Customers can move or cancel an appointment online until this many hours before it; after that they call. 0: until it starts."
          required
          inputProps={number}
        />
      </fieldset>
      <ChoiceField
        field={field("bookingsConfirmedAtOnce")}
        legend="A new online booking is"
        options={newBookingOptions}
      />
      <p className="-mt-4 text-sm text-slate-600">
        The customer's confirmation page, e-mail and text say so. Received: they read that
        we&apos;ll contact them {contactPromise} to confirm.
      </p>
      <ChoiceField
        field={field("quoteApprovalStartsRepair")}
        legend="When a customer approves a quote"
        options={approvalOptions}
      />
      <SubmitButton label="Save Settings" pendingLabel="Saving..." />
    </Form>
  );
}
