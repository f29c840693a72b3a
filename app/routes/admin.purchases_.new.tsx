import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { secondaryButton } from "~/components/admin/ui";
import { inputClass } from "~/components/forms/field";
import { PurchaseForm } from "~/components/trade/purchase-form";
import { useActionToast } from "~/components/toaster";
import { counterOffer, purchaseAction } from "~/routes/purchase-form.server";
import { purchaseSchema } from "~/schemas/buyback-purchase";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { pageTitle } from "~/utils/meta";

export const loader = staffLoader(
  async ({ request }) => ({
    offer: await counterOffer(new URL(request.url).searchParams.get("offer")),
    constraint: getZodConstraint(purchaseSchema),
    submissionKey: issueFormKey(),
  }),
  { may: "buyDevices" },
);

/** The device bought: its purchase, its stock entry and the offer taken, then the record. */
export const action = staffAction(
  ({ request, context, staff }) => purchaseAction(request, context, staff),
  { may: "buyDevices" },
);

export default function NewPurchasePage() {
  const { offer, constraint, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Buy a device</h1>
      <p className="mt-1 text-slate-700">
        {offer && !offer.refusal
          ? `From online offer ${offer.reference}: check the device and the seller's ID.`
          : "At the counter: check the device and the seller's ID, then pay."}
      </p>
      {offer && !offer.refusal ? null : (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <label className="text-sm font-medium text-slate-800">
            Buying against an online offer? Its reference
            <input
              name="offer"
              defaultValue={offer?.reference ?? ""}
              maxLength={16}
              autoComplete="off"
              placeholder="T-7KQ2MX"
              className={`${inputClass} mt-1 block w-40 uppercase`}
            />
          </label>
          <button type="submit" className={secondaryButton}>
            Use offer
          </button>
        </Form>
      )}
      {offer?.refusal ? (
        <p
          data-testid="offer-refusal"
          className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
        >
          {offer.refusal} The form below makes a fresh purchase.
        </p>
      ) : null}
      <PurchaseForm
        result={actionData?.result}
        constraint={constraint}
        submissionKey={actionData?.submissionKey ?? submissionKey}
        defaultValue={offer?.values}
        offerCents={offer?.offerCents}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Buy a device") }];

export const ErrorBoundary = AdminErrorBoundary;
