import { data, type ActionFunctionArgs, type MetaFunction } from "react-router";
import { Form, useActionData } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "~/components/forms/error-summary";
import { InputField } from "~/components/forms/field";
import { phoneInput } from "~/components/forms/input-presets";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { PageIntro } from "~/components/page-intro";
import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { tooManyAttemptsMessage } from "~/content/messages/form-messages";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import {
  repairNotFoundMessage,
  tooManyFailedLookupsMessage,
  trackingFailedToast,
  trackingMissingMessage,
} from "~/content/messages/tracking-messages";
import { lookUpRepairs } from "~/models/booking-tracking.server";
import type { TrackedRepair } from "~/types/tracking";
import { trackingSchema } from "~/schemas/tracking";

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), trackingSchema);
  const fail = (status: number, message: string, headers?: HeadersInit) =>
    replyWithError(context, submission, status, {
      toast: trackingFailedToast(message),
      formErrors: [message],
      headers,
      extra: { bookings: [] as TrackedRepair[] },
    });

  if (submission.status !== "success") {
    const missing = submission.error?.[""]?.includes(trackingMissingMessage);
    return fail(400, missing ? trackingMissingMessage : "Please check the details you entered.");
  }
  try {
    const lookup = await lookUpRepairs(submission.value, context);
    switch (lookup.outcome) {
      case "rate_limited":
        return fail(429, tooManyAttemptsMessage(lookup.retryAfterSeconds), {
          "retry-after": String(lookup.retryAfterSeconds),
        });
      case "too_many_failures":
        return fail(429, tooManyFailedLookupsMessage(lookup.retryAfterSeconds), {
          "retry-after": String(lookup.retryAfterSeconds),
        });
      case "not_found":
        return fail(404, repairNotFoundMessage);
      case "found":
        return data(
          { result: submission.reply(), bookings: lookup.bookings, toast: undefined },
          { headers: { "cache-control": "private, no-store" } },
        );
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, "An unexpected error occurred. Please try again later.");
  }
}

export const headers = privatePageHeaders;

export default function TrackRepairPage() {
  const actionData = useActionData<typeof action>();
  const bookings = actionData?.bookings ?? [];
  // Checked on the server only (its toast too, drawn with the page).
  const { form, field } = useFormReply<z.input<typeof trackingSchema>>(actionData?.result);
  const repairId = field("repairId");
  const phoneNumber = field("phoneNumber");

  return (
    <>
      <PageIntro
        title="Track Your Repair"
        lead="Check the status of your repair with your repair ID or the phone number you booked with."
        shortLead="Use your repair ID or your phone number."
      />
      <section className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <Form
          method="post"
          className="rounded-2xl border border-slate-200 p-4 sm:p-6"
          {...form.props}
        >
          <div className="mb-4 empty:hidden">
            <ErrorSummary form={form} prefix="Error: " />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              field={repairId}
              label="Repair ID"
              hint="For example WF-00042"
              inputProps={{ type: "text", autoComplete: "off", maxLength: 20 }}
            />
            <InputField
              field={phoneNumber}
              label="Phone Number"
              hint="The number you booked with"
              inputProps={phoneInput}
            />
          </div>
          <SubmitButton label="Track Repair" pendingLabel="Searching..." className="mt-6" />
        </Form>
        {bookings.length ? (
          <div className="mt-8 space-y-6" aria-live="polite">
            {bookings.map((booking, i) => (
              <TrackedBookingCard
                key={"reference" in booking ? booking.reference : i}
                booking={booking}
              />
            ))}
          </div>
        ) : null}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Track Your Repair") },
  {
    name: "description",
    content:
      "Check the status of your repair at our Oakville shop with your repair ID or phone number.",
  },
];
