import type { ActionFunctionArgs } from "react-router";
import { answerLanded } from "~/routes/landed-submission.server";

/**
 * Whether a booking sent under a submission key was stored, and its confirmation if it was (see
 * offline/submission-landed).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerLanded("booking", request, context);
}
