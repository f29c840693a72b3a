import type { AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import {
  LowerWithoutReason,
  offerForCounter,
  PurchaseRefused,
  recordPurchase,
} from "~/models/buyback-purchase.server";
import type { Staff } from "~/models/staff-session.server";
import { purchaseSchema } from "~/schemas/buyback-purchase";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { issueFormKey } from "~/server/submission.server";
import { redirectWithToast } from "~/server/toast.server";
import { plainDollars } from "~/utils/invoice-totals";

/**
 * The form's first values from an online offer (`?offer=`): its seller and device, its grade and
 * amount, or why it cannot be bought (the form then makes a fresh purchase).
 */
export async function counterOffer(reference: string | null) {
  // A reference is at most 16 characters: anything longer is not one, and is not echoed whole.
  const wanted = reference?.trim().toUpperCase().slice(0, 16);
  if (!wanted) return undefined;
  const offer = await offerForCounter(wanted);
  if (!offer) return { reference: wanted, refusal: `There is no offer ${wanted}.` } as const;
  if (offer.refusal) return { reference: offer.reference, refusal: offer.refusal } as const;
  return {
    reference: offer.reference,
    offerCents: offer.offerCents,
    values: {
      offer: offer.reference,
      sellerName: offer.name,
      sellerPhone: offer.phone ?? "",
      category: offer.category,
      brand: offer.brand,
      model: offer.model,
      storage: offer.storage,
      grade: offer.grade,
      amount: plainDollars(offer.offerCents),
    },
  } as const;
}

/**
 * A purchase recorded: the printed record next (303). Bad input (400), a rule such as an offer
 * already bought (409) and an outage (503) come back to the form with what was typed.
 */
export async function purchaseAction(request: Request, context: AppLoadContext, staff: Staff) {
  const submission = parseForm(await request.formData(), purchaseSchema);
  const extra = { submissionKey: issueFormKey() };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  const { submissionKey, blocklistClear: _clear, ...input } = submission.value;
  try {
    const purchase = await recordPurchase(input, submissionKey, staff.id);
    if (!purchase)
      return replyWithMessage(
        context,
        submission,
        400,
        "This form has expired. Please send it again.",
        extra,
      );
    return redirectWithToast(
      `/admin/purchases/${purchase.id}/record`,
      successToast("Purchase recorded. Print the record for the seller."),
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof LowerWithoutReason)
      return replyWithError(context, submission, 400, {
        fieldErrors: { lowerReason: [error.message] },
        extra,
      });
    if (error instanceof PurchaseRefused)
      return replyWithMessage(context, submission, 409, error.message, extra);
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(
      context,
      submission,
      503,
      "Failed to save the purchase. Please try again.",
      extra,
    );
  }
}
