import type { MetaFunction } from "react-router";
import { BusinessHours } from "~/components/booking/booking-help";
import { SavedOnThisPhone } from "~/components/offline/saved-on-this-phone";
import { PageIntro } from "~/components/page-intro";
import { CallAndWhatsApp } from "~/components/public/contact-info";
import { address, contact } from "~/config/shop";
import { pageTitle } from "~/utils/meta";

/**
 * Where the service worker sends a visitor whose page could not load: kept on the phone, for
 * everyone alike. The page was kept once, without the address it now stands in for: the public
 * pages' script points "Try again" at it (`?from=`, app/browser/saved-on-this-phone.ts).
 */
export default function OfflinePage() {
  return (
    <>
      <PageIntro
        title="You're offline"
        shortLead="This page needs a connection."
        lead="This page needs a connection. You can still call or message us, and anything you saved on this phone is below."
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:py-12 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-8">
          <section aria-labelledby="reach-heading">
            <h2 id="reach-heading" className="text-xl font-bold text-slate-900">
              Reach us without the site
            </h2>
            <CallAndWhatsApp callLabel={`Call ${contact.phone.display}`} />
            <p className="mt-4 text-slate-700">
              Visit us at <strong className="font-semibold text-slate-900">{address.full}</strong>.
            </p>
            <a
              href="/"
              data-retry
              className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
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

export const meta: MetaFunction = () => [
  { title: pageTitle("You're offline") },
  { name: "robots", content: "noindex" },
];
