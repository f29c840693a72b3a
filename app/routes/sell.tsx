import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { KeptNotice } from "~/components/offline/kept-notice";
import { PageIntro } from "~/components/page-intro";
import { ConditionQuestions } from "~/components/sell/condition-questions";
import { OfferContactForm } from "~/components/sell/offer-contact-form";
import { OfferSummary } from "~/components/sell/offer-summary";
import { ChoiceStep, ChosenSoFar, sellHref } from "~/components/sell/sell-choices";
import { deviceName } from "~/models/buyback-grid.server";
import { answerOfferForm } from "~/routes/sell-form.server";
import { dropOffChoices, sellStep } from "~/routes/sell-steps.server";
import { offerContactSchema } from "~/schemas/trade-offer";
import { publicOrigin } from "~/server/env.server";
import { issueFormKey } from "~/server/submission.server";
import { privatePageHeaders } from "~/utils/private-page";
import { reissuedKey } from "~/utils/reissued-key";
import { pageMeta } from "~/utils/seo";
import { accountLockedMessage, noOfferMessage } from "~/utils/trade-offer";

/** The same for every visitor: worked out once, not per request. */
const constraint = getZodConstraint(offerContactSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  const step = await sellStep(new URL(request.url).searchParams);
  const origin = publicOrigin();
  if (step.step !== "offer" || step.result.outcome !== "offer")
    return { step, origin, form: undefined };
  // Only the offer step carries a form to keep it: its key, and the drop-off times.
  const form = {
    device: deviceName(step.device),
    submissionKey: issueFormKey(),
    dropOffDays: await dropOffChoices(),
    constraint,
  };
  return { step, origin, form };
}

/** The offer step carries a submission key: the page is the visitor's own. */
export const headers = privatePageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return answerOfferForm(await request.formData(), context);
}

function NoOffer({ message, retryTo }: { message: string; retryTo: string }) {
  return (
    <section
      aria-labelledby="no-offer"
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
    >
      <h2 id="no-offer" className="text-xl font-bold text-slate-900">
        No online offer for this one
      </h2>
      <p className="mt-2 text-slate-800">{message}</p>
      <p className="mt-4">
        <a href={retryTo} className="font-semibold text-brand-700 underline">
          Change my answers
        </a>
      </p>
    </section>
  );
}

function OfferStep() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { step } = loaded;
  if (step.step !== "offer") return null;
  const retryTo = sellHref(step.device, { ...step.values, change: "1" });
  if (step.result.outcome === "account_locked")
    return <NoOffer message={accountLockedMessage} retryTo={retryTo} />;
  if (step.result.outcome === "no_offer")
    return <NoOffer message={noOfferMessage} retryTo={retryTo} />;
  const { form } = loaded;
  if (!form) return null;
  return (
    <OfferSummary
      device={form.device}
      offerCents={step.result.offerCents}
      grade={step.result.grade}
      gradeCents={step.result.gradeCents}
      deductions={step.result.deductions}
      validUntil={step.validUntil}
    >
      <p className="mt-3">
        <a href={retryTo} className="text-sm font-semibold text-brand-700 underline">
          Change my answers
        </a>
      </p>
      <KeptNotice form="trade" />
      <OfferContactForm
        submissionKey={reissuedKey(answer) ?? form.submissionKey}
        hidden={{ ...step.device, ...step.values }}
        dropOffDays={form.dropOffDays}
        lastResult={answer?.result}
        constraint={form.constraint}
      />
    </OfferSummary>
  );
}

export default function SellPage() {
  const { step } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title="Sell Your Device"
        lead="Answer a few questions and get an instant offer for your phone, tablet, laptop, console or watch. Bring it in and get paid by cash or e-transfer."
        shortLead="An instant offer in about two minutes."
        primary={{ to: "/sell", label: "Start again" }}
      />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <ChosenSoFar device={step.device} />
        {step.step === "questions" ? (
          <ConditionQuestions device={step.device} values={step.values} errors={step.errors} />
        ) : step.step === "offer" ? (
          <OfferStep />
        ) : (
          <ChoiceStep step={step.step} device={step.device} options={step.options} />
        )}
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Sell Your Device: Instant Offer",
    description:
      "Get an instant trade-in offer for your phone, tablet, laptop, game console or smart watch at WeFix in Oakville. Paid by cash or e-transfer.",
    origin: data?.origin ?? "",
    path: "/sell",
  });
