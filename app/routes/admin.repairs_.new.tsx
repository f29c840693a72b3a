import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { WalkInForm, type WalkInSuggestions } from "~/components/admin/walk-in-form";
import { useActionToast } from "~/components/toaster";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { bookingReference } from "~/utils/booking-reference";
import { intakePriceChoices, loadCategoryOverview } from "~/models/catalogue.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { formExpiredMessage } from "~/content/messages/form-messages";
import { parseForm, replyWithError } from "~/server/form-reply.server";
import { pageTitle } from "~/utils/meta";
import { shopToday } from "~/utils/shop-time";
import { issueFormKey } from "~/server/submission.server";
import { redirectWithToast } from "~/server/toast.server";
import { createWalkIn } from "~/models/booking-walk-in.server";
import { InvoiceRefused } from "~/models/invoice.server";
import { walkInSchema } from "~/schemas/walk-in";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { walkInLookup } from "~/routes/walk-in-lookup.server";
import { findCategory } from "~/config/shop";
import { data } from "react-router";

const failedMessage = "Failed to save the walk-in.";

export const loader = staffLoader(async () => {
  const overview = await loadCategoryOverview();
  const suggestions: WalkInSuggestions = Object.fromEntries(
    Object.entries(overview).map(([slug, entry]) => [
      slug,
      { brands: entry.brands, repairs: entry.repairs },
    ]),
  );
  // A fresh key per rendered form: submitting this form twice stores one walk-in.
  return {
    submissionKey: issueFormKey(),
    today: shopToday(),
    suggestions,
    constraint: getZodConstraint(walkInSchema),
  };
});

/**
 * "Find repairs" without JavaScript: the form again with everything typed, the price list's
 * repairs for the device, and the chosen one's name and price in the issue and quote fields.
 * Nothing is checked or stored yet.
 */
async function findRepairs(formData: FormData) {
  const typed = (name: string) => String(formData.get(name) ?? "");
  const category = findCategory(typed("deviceCategory"));
  const found = category
    ? await intakePriceChoices(category.slug, typed("deviceBrand"), typed("deviceModel"))
    : { models: [], choices: [] };
  const { error: _unchecked, ...reply } = parseForm(formData, walkInSchema).reply();
  const choice = found.choices.find((c) => String(c.id) === typed("priceItem"));
  const initialValue = {
    ...reply.initialValue,
    ...(choice ? { issueType: choice.repair, quotedPrice: choice.price ?? "" } : {}),
  };
  return data({ result: { ...reply, initialValue }, found, toast: undefined });
}

export const action = staffAction(async ({ request, context, staff }) => {
  const formData = await request.formData();
  const lookup = await walkInLookup(formData);
  if (lookup) return lookup;
  if (formData.get("intent") === "prices") return findRepairs(formData);
  const submission = parseForm(formData, walkInSchema);
  if (submission.status !== "success") {
    return replyWithError(context, submission, 400, {
      toast: errorToast("Please check the highlighted fields."),
    });
  }
  const fail = (status: number, reason: string) =>
    replyWithError(context, submission, status, {
      toast: errorToast(failedMessage),
      formErrors: [reason],
    });
  try {
    const result = await createWalkIn(submission.value, staff, publicOrigin());
    switch (result.outcome) {
      case "key_refused":
        return fail(400, formExpiredMessage);
      case "key_reused":
        // The page reloads with a new key, so submitting again stores these details as a new
        // walk-in.
        return fail(
          409,
          `This form was already saved as ${bookingReference(result.booking.id)} with other details. Submit again to save these as a new walk-in.`,
        );
      case "created":
      case "replayed": {
        const reference = bookingReference(result.booking.id);
        const saved =
          result.outcome === "created"
            ? `Walk-in ${reference} saved.`
            : `Walk-in ${reference} was already saved.`;
        return redirectWithToast(
          `/admin/repairs/${result.booking.id}/print`,
          successToast(`${saved} Print the intake ticket and the device label.`),
          { status: 303 },
        );
      }
    }
  } catch (error) {
    // A deposit more than the quote comes to: nothing is stored, the form says why.
    if (error instanceof InvoiceRefused)
      return replyWithError(context, submission, 400, {
        toast: errorToast("Please check the highlighted fields."),
        fieldErrors: { depositAmount: [error.message] },
      });
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, `${failedMessage} Nothing was stored; please try again in a minute.`);
  }
});

export default function NewWalkInPage() {
  const { submissionKey, today, suggestions, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">New Walk-in</h1>
      <p className="mt-1 text-sm text-slate-600">
        A repair dropped off at the counter. It gets a reference and a private tracking link; the
        intake ticket and device label print next.
      </p>
      <div className="mt-6">
        <WalkInForm
          submissionKey={submissionKey}
          today={today}
          suggestions={suggestions}
          lastResult={actionData?.result}
          constraint={constraint}
          found={actionData && "found" in actionData ? actionData.found : undefined}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("New Walk-in") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = AdminErrorBoundary;
