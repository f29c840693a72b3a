import type { ActionFunctionArgs } from "react-router";
import { answerBookingForm } from "~/routes/booking-form.server";
import { queuedAnswer } from "~/routes/queued-submission.server";

/**
 * A booking kept on the visitor's phone while it had no connection, sent now (see
 * offline/submission-queue).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return queuedAnswer(await answerBookingForm(await request.formData(), context));
}
