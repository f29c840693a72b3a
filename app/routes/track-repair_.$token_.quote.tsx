import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { QuoteAnswer } from "~/components/tracking/quote-answer";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { publicOrigin } from "~/server/env.server";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";
import { answerQuote } from "~/models/quote.server";
import { redirectWithToast } from "~/server/toast.server";
import { repairNotFoundMessage } from "~/content/messages/tracking-messages";
import { trackByToken } from "~/models/tracking.server";
import { unavailableFor } from "~/server/unavailable.server";
import { quoteAnswerSchema } from "~/schemas/quote";

/*
 * The site's default referrer policy (strict-origin-when-cross-origin), unlike the tracking page's
 * no-referrer: the form's post carries this site's origin, and another site still never sees
 * more than the origin.
 */
const privateHeaders = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

const trackingPage = (token: string) => `/track-repair/${encodeURIComponent(token)}`;

const answered = {
  approve: "Thank you: you approved the quote. We'll go ahead with the repair.",
  decline: "You declined the quote. We'll be in touch about your device.",
} as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const booking = await trackByToken(token).catch(unavailableFor(context));
  if (!booking) throw data(repairNotFoundMessage, { status: 404 });
  if (!booking.quote) throw redirect(trackingPage(token));
  return data(
    { reference: booking.reference, quote: booking.quote, back: trackingPage(token) },
    { headers: privateHeaders },
  );
}

/**
 * The customer's answer to the repair's latest quote. The secret link in the address is the
 * authority; the tracking page then shows the answer recorded.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
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
        : errorToast(`This quote was already ${result.quote.status}; the first answer stands.`);
  return redirectWithToast(trackingPage(token), toast, { status: 303 });
}

export const headers = privatePage(privateHeaders);

export default function QuoteAnswerPage() {
  const { reference, quote, back } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Your quote for {reference}</h1>
      <QuoteAnswer quote={quote} answering />
      <p className="mt-8">
        <Link to={back} className="inline-block py-2.5 text-brand-700 underline">
          Back to your repair
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Quote for ${data.reference}` : "Quote") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
