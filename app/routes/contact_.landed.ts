import type { ActionFunctionArgs } from "react-router";
import { answerLanded } from "~/routes/landed-submission.server";

/** Whether a message sent under a submission key was stored (see offline/submission-landed). */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerLanded("contact", request, context);
}
