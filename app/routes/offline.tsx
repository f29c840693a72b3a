import type { MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BusinessHours } from "~/components/booking/booking-help";
import { PhoneIcon, WhatsAppIcon } from "~/components/icons";
import { SavedOnThisPhone } from "~/components/offline/saved-on-this-phone";
import { PageIntro } from "~/components/page-intro";
import { address, contact } from "~/config/shop";
import { pageTitle } from "~/lib/meta";

const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

/** Where the service worker sends a visitor whose page could not load: kept on the phone, for everyone alike. */
export default function OfflinePage() {
  // Read after hydration: the page was kept once, without the address it now stands in for.
  const from = useSearchParams()[0].get("from");
  const [retry, setRetry] = useState("/");
  useEffect(() => setRetry(from?.startsWith("/") && !from.startsWith("//") ? from : "/"), [from]);
  return (
    <>
      <PageIntro title="You're offline" shortLead="This page needs a connection." lead="This page needs a connection. You can still call or message us, and anything you saved on this phone is below." />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:py-12 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-8">
          <section aria-labelledby="reach-heading">
            <h2 id="reach-heading" className="text-xl font-bold text-slate-900">
              Reach us without the site
            </h2>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={contact.phone.href} className="contact-button bg-brand-700 hover:bg-brand-800">
                <PhoneIcon /> Call {contact.phone.display}
              </a>
              <a href={contact.whatsapp.href} {...newTab} className="contact-button bg-green-700 hover:bg-green-800">
                <WhatsAppIcon /> WhatsApp Us<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
            <p className="mt-4 text-slate-700">
              Visit us at <strong className="font-semibold text-slate-900">{address.full}</strong>.
            </p>
            <a href={retry} className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              Try again
            </a>
          </section>
          <SavedOnThisPhone />
        </div>
        <aside>
          <BusinessHours />
        </aside>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("You're offline") }, { name: "robots", content: "noindex" }];
