import type { ActionFunctionArgs } from "react-router";
import { answerLanded } from "~/routes/landed-submission.server";

/**
 * Whether an offer sent under a submission key was stored, and its page if it was (see
 * offline/submission-landed).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerLanded("trade", request, context);
}
