import { redirect, type AppLoadContext } from "react-router";
import {
  destructive,
  formExpiredMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import { createOffer, landedOffer } from "~/models/trade-offer.server";
import { dropOffChoices } from "~/routes/sell-steps.server";
import { offerContactSchema, type OfferContactInput } from "~/schemas/trade-offer";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { publicOrigin } from "~/server/env.server";
import { parseForm, replyWithError, replyWithNewKey } from "~/server/form-reply.server";
import { submitPublicForm } from "~/server/public-form.server";
import { accountLockedMessage, noOfferMessage } from "~/utils/trade-offer";

const offerFailedToast = destructive(
  "Your offer was not saved",
  "Something went wrong on our side. Please try again, or call us and we'll give you the offer by phone.",
);

const slotGoneMessage =
  "That drop-off time is no longer free. Please choose another, or that you'll just bring it.";

/**
 * A drop-off time that is still one the list offers (the booking slots, free), or none; or the
 * offer is kept already (a retry of one whose time took the slot's last place). Whether the slot
 * still has a place is settled when the offer is stored, under the slot's lock.
 */
async function dropOffOnTheList(input: OfferContactInput) {
  if (!input.dropOffDate) return true;
  const wanted = `${input.dropOffDate} ${input.dropOffTime}`;
  if ((await dropOffChoices()).some((day) => day.times.some((time) => time.value === wanted)))
    return true;
  return !!(await landedOffer(input.submissionKey));
}

/**
 * The offer form's answer: the offer kept and the seller sent to its own page (303), or the form
 * back with its messages. The amount is worked out again from the grid as it is now. The page's
 * action and the door of offers queued on the seller's phone both answer with it.
 */
export async function answerOfferForm(formData: FormData, context: AppLoadContext) {
  const submission = parseForm(formData, offerContactSchema);
  const refuse = (status: number, message: string) =>
    replyWithError(context, submission, status, {
      toast: { ...offerFailedToast, description: message },
      formErrors: [message],
    });
  if (submission.status !== "success") {
    if (submission.error?.submissionKey)
      return replyWithNewKey(context, submission, 400, offerFailedToast, formExpiredMessage);
    return replyWithError(context, submission, 400);
  }
  try {
    const result = await submitPublicForm(submission.value, context, "form", async (input) =>
      (await dropOffOnTheList(input))
        ? createOffer(input, publicOrigin())
        : ({ outcome: "slot_full" } as const),
    );
    switch (result.outcome) {
      case "created":
      case "replayed":
        return redirect(result.path, 303);
      case "spam":
        return redirect("/sell", 303);
      case "rate_limited":
        return refuse(429, tooManyAttemptsMessage(result.retryAfterSeconds));
      case "key_invalid":
        return replyWithNewKey(context, submission, 400, offerFailedToast, formExpiredMessage);
      case "slot_full":
        return replyWithError(context, submission, 409, {
          fieldErrors: { dropOff: [slotGoneMessage] },
        });
      case "account_locked":
        return refuse(422, accountLockedMessage);
      // The grid changed since the page was drawn: the shop no longer prices it so, or at all.
      case "no_offer":
      case "not_priced":
        return refuse(422, noOfferMessage);
    }
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return refuse(503, offerFailedToast.description!);
  }
}
