import type { ActionFunctionArgs } from "react-router";
import { queuedAnswer } from "~/routes/queued-submission.server";
import { answerOfferForm } from "~/routes/sell-form.server";

/**
 * An offer kept on the seller's phone while it had no connection, sent now (see
 * offline/submission-queue).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return queuedAnswer(await answerOfferForm(await request.formData(), context));
}
