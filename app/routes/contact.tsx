import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "react-router";
import { data, useActionData, useLoaderData } from "react-router";
import { ContactForm } from "~/components/contact-form";
import { KeptNotice } from "~/components/offline/kept-notice";
import { PageIntro } from "~/components/page-intro";
import { ContactInfo } from "~/components/public/contact-info";
import { policies } from "~/config/shop";
import { contactPageFaqIds, faqItems } from "~/content/faq";
import { answerContactForm } from "~/routes/contact-form.server";
import { publicOrigin } from "~/server/env.server";
import { formPageHeaders, sharedFormPage } from "~/utils/private-page";
import { reissuedKey } from "~/utils/reissued-key";
import type { PageCalendar } from "~/types/shop-calendar";
import { localBusinessJsonLd, pageMeta } from "~/utils/seo";
import { issueFormKey } from "~/server/submission.server";
import { contactSchema } from "~/schemas/contact";

/** The same for every visitor: worked out once, not per request. */
const constraint = getZodConstraint(contactSchema);
const faqs = contactPageFaqIds.flatMap((id) => faqItems.filter((item) => item.id === id));

export function loader() {
  const submissionKey = issueFormKey();
  return data(
    {
      submissionKey,
      constraint,
      origin: publicOrigin(),
      faqs,
    },
    sharedFormPage(submissionKey),
  );
}

export const headers = formPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return answerContactForm(await request.formData(), context);
}

export default function ContactPage() {
  const { submissionKey, constraint, faqs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();

  return (
    <>
      <PageIntro
        title="Contact Us"
        lead={`Questions about a repair, a quote or your warranty? Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`}
        shortLead={`We reply to every message within ${policies.messageReplyWithinHours} hours.`}
      />
      <ContactInfo faqs={faqs}>
        <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">Send us a message</h2>
        <div className="mt-4 sm:mt-6">
          <KeptNotice form="contact" />
          <ContactForm
            submissionKey={reissuedKey(answer) ?? submissionKey}
            lastResult={answer?.result}
            constraint={constraint}
          />
        </div>
      </ContactInfo>
    </>
  );
}

/** The root loader's calendar (decision 0055), for the structured data's special hours. */
type Root = { calendar: PageCalendar | null };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({
    title: "Contact Us",
    description: `Call, WhatsApp, e-mail or visit WeFix in Oakville. Send us a message and we'll reply within ${policies.messageReplyWithinHours} hours.`,
    origin: data?.origin ?? "",
    path: "/contact",
  }),
  ...(data
    ? [
        {
          "script:ld+json": localBusinessJsonLd(
            data.origin,
            (matches.find((match) => match?.id === "root")?.data as Root | undefined)?.calendar ??
              null,
          ),
        },
      ]
    : []),
];
