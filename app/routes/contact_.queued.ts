import type { ActionFunctionArgs } from "react-router";
import { answerContactForm } from "~/routes/contact-form.server";
import { queuedAnswer } from "~/routes/queued-submission.server";

/**
 * A message kept on the visitor's phone while it had no connection, sent now (see
 * offline/submission-queue).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return queuedAnswer(await answerContactForm(await request.formData(), context));
}
