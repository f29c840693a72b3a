import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { errorToast, successToast } from "~/lib/admin-messages";
import { answerQuote } from "~/lib/quotes.server";
import { repairNotFoundMessage } from "~/lib/tracking-messages";
import { redirectWithToast } from "~/lib/toast.server";
import { unavailableFor } from "~/lib/unavailable.server";
import { quoteAnswerSchema } from "~/schemas/quote";

const trackingPage = (token: string) => `/track-repair/${encodeURIComponent(token)}`;

const answered = {
  approve: "Thank you: you approved the quote. We'll go ahead with the repair.",
  decline: "You declined the quote. We'll be in touch about your device.",
} as const;

/** There is nothing to show at this address: it only takes the answer, so a visit goes to the repair. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(trackingPage(params.token ?? ""));

/**
 * The customer's answer to a quote, from the tracking page's two buttons. The secret link in the
 * address is the authority; the tracking page then shows the answer recorded.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const parsed = quoteAnswerSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Please choose Approve or Decline.", { status: 400 });
  const { quoteId, answer } = parsed.data;
  const result = await answerQuote(token, quoteId, answer, publicOrigin()).catch(unavailableFor(context));
  if (result.outcome === "not_found") throw data(repairNotFoundMessage, { status: 404 });
  const toast =
    result.outcome === "answered"
      ? successToast(answered[answer])
      : result.outcome === "expired"
        ? errorToast("This quote has expired. Please call us for a new one.")
        : errorToast(`This quote was already ${result.quote.status}; the first answer stands.`);
  return redirectWithToast(trackingPage(token), toast, { status: 303 });
}
