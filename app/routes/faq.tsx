import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { FaqBrowser } from "~/components/public/faq-browser";
import { JsonLd } from "~/components/public/json-ld";
import { faqItems } from "~/content/faq";
import { address, brand, contact } from "~/config/shop";
import { faqCategoryFrom } from "~/utils/faq-search";
import { faqPageJsonLd, pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return {
    origin: publicOrigin(),
    query: params.get("q") ?? "",
    category: faqCategoryFrom(params.get("category")),
  };
}

export default function FaqPage() {
  const { query, category } = useLoaderData<typeof loader>();
  return (
    <>
      <JsonLd data={faqPageJsonLd(faqItems)} />
      <PageIntro
        title="Frequently Asked Questions"
        shortLead="Repairs, warranty, timing, what to bring."
        lead="Answers about our repairs, warranty, timing and what to bring. Can't find yours? Give us a call."
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <FaqBrowser query={query} category={category} />
      </div>
      <section aria-labelledby="faq-help-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center">
          <h2 id="faq-help-heading" className="text-2xl font-bold text-slate-900">
            Still have a question?
          </h2>
          <p className="mt-2 text-slate-700">
            Our technicians are happy to help by phone, or send us a message and we&apos;ll get back
            to you.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a
              href={contact.phone.href}
              className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Call {contact.phone.display}
            </a>
            <Link
              to="/contact"
              className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Frequently Asked Questions",
    description: `Answers to common questions about repairs at ${brand.name} in ${address.city}: pricing, diagnostics, warranty, turnaround times, data safety and tracking your repair.`,
    origin: data?.origin ?? "",
    path: "/faq",
  });
