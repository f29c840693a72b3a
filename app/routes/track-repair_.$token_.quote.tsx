import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { quoteAnswerAction, quoteSection } from "~/routes/quote-answer.server";

/*
 * The address texts and e-mails sent before the quote moved onto the tracking page link to. The
 * quote and its buttons live in the tracking page's quote section now; an answer posted here
 * still counts.
 */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(quoteSection(params.token ?? ""));

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  quoteAnswerAction(request, params.token ?? "", context);
