import { data, type AppLoadContext } from "react-router";
import { quoteAnswerSchema } from "~/schemas/quote";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { answerQuote } from "~/models/quote.server";
import { publicOrigin } from "~/server/env.server";
import { redirectWithToast } from "~/server/toast.server";
import { unavailableFor } from "~/server/unavailable.server";
import { trackingPath } from "~/utils/booking-reference";
import { formatShopDateTime } from "~/utils/shop-time";

/** Where a link to the quote leads: its section of the tracking page. */
export const quoteSection = (token: string) => `${trackingPath(token)}#quote`;

const answered = {
  approve: "Thank you: you approved the quote. We'll go ahead with the repair.",
  decline: "You declined the quote. We'll be in touch about your device.",
} as const;

const pastTense = { approve: "approved", decline: "declined" } as const;

/**
 * The customer's Approve or Decline, posted from the tracking page (or from an answer page an
 * older message linked to). The secret link in the address is the authority; the answer is
 * told in a toast on the tracking page, which then shows it recorded. A second answer is
 * refused with the first one's time; the same answer twice (a double submit without JavaScript)
 * just confirms the first.
 */
export async function quoteAnswerAction(
  request: Request,
  token: string,
  context: AppLoadContext,
): Promise<Response> {
  const parsed = quoteAnswerSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    throw data(parsed.error.issues[0]?.message ?? "Please choose Approve or Decline.", {
      status: 400,
    });
  const { quoteId, answer } = parsed.data;
  const result = await answerQuote(token, quoteId, answer, publicOrigin()).catch(
    unavailableFor(context),
  );
  if (result.outcome === "not_found") throw data(repairNotFoundMessage, { status: 404 });
  const toast =
    result.outcome === "answered"
      ? successToast(answered[answer])
      : result.outcome === "expired"
        ? errorToast("This quote has expired. Please call us for a new one.")
        : result.quote.status === pastTense[answer]
          ? successToast(
              `You already ${pastTense[answer]} this quote (${formatShopDateTime(result.quote.answeredAt!)}).`,
            )
          : errorToast(
              `This quote was already ${result.quote.status} (${formatShopDateTime(result.quote.answeredAt!)}). Only the first answer counts; please call us to change it.`,
            );
  // The top of the page: without JavaScript the toast is shown there, above the repair.
  return redirectWithToast(trackingPath(token), toast, { status: 303 });
}
