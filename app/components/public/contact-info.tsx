import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FaqItem } from "~/content/faq";
import { address, contact, openingHoursText, policies } from "~/config/shop";
import { localBusinessJsonLd } from "~/lib/seo";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "../icons";
import { FaqAccordion } from "./faq-accordion";
import { JsonLd } from "./json-ld";
import { MapFacade } from "./map-facade";

const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-700">{icon}</span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}

/**
 * Everything on the contact page around the message form: call and WhatsApp buttons, the four
 * ways to reach the shop, the store map and the most asked questions. The form, passed as
 * children, sits beside the map. `origin` is the site's address (publicOrigin in the loader); the
 * questions come from the loader too, so the whole FAQ text stays out of the page's JavaScript.
 */
export function ContactInfo({ origin, faqs, children }: { origin: string; faqs: readonly FaqItem[]; children?: ReactNode }) {
  return (
    <>
      <JsonLd data={localBusinessJsonLd(origin)} />
      <section className="mx-auto max-w-7xl px-4 pt-12">
        <h2 className="sr-only">Ways to reach us</h2>
        <div className="flex flex-wrap gap-3">
          <a href={contact.phone.href} className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            <PhoneIcon /> Call Now
          </a>
          <a href={contact.whatsapp.href} {...newTab} className="inline-flex items-center gap-2 rounded-md bg-green-700 px-5 py-3 font-semibold text-white hover:bg-green-800">
            <WhatsAppIcon /> WhatsApp Us<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <InfoCard icon={<PhoneIcon />} title="Call Us">
            <a href={contact.phone.href} className="font-semibold text-brand-700 hover:underline">
              {contact.phone.display}
            </a>
            <p className="mt-1 text-sm">WhatsApp: {contact.whatsapp.display}</p>
          </InfoCard>
          <InfoCard icon={<MailIcon />} title="Email Us">
            <a href={`mailto:${contact.emails.info}`} className="block break-all font-semibold text-brand-700 hover:underline">
              {contact.emails.info}
            </a>
            <a href={`mailto:${contact.emails.repairs}`} className="mt-1 block break-all text-sm text-brand-700 hover:underline">
              {contact.emails.repairs}
            </a>
            <p className="mt-1 text-sm">We reply within {policies.messageReplyWithinHours} hours.</p>
          </InfoCard>
          <InfoCard icon={<MapPinIcon />} title="Visit Us">
            <a href={address.mapLink} {...newTab} className="font-semibold text-brand-700 hover:underline">
              {address.full}
              <span className="sr-only"> (opens a map in a new tab)</span>
            </a>
            <p className="mt-1 text-sm">Walk-ins welcome.</p>
          </InfoCard>
          <InfoCard icon={<ClockIcon />} title="Opening Hours">
            <ul className="space-y-1 text-sm">
              {openingHoursText.map((line) => (
                <li key={line.days}>
                  <span className="font-medium text-slate-900">{line.days}:</span> {line.hours}
                </li>
              ))}
            </ul>
          </InfoCard>
        </div>
      </section>
      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-2">
        {children ? <div>{children}</div> : null}
        <div className={children ? "" : "lg:col-span-2"}>
          <h2 className="text-2xl font-bold text-slate-900">Find Our Store</h2>
          <p className="mt-2 text-slate-700">
            We&apos;re on {address.street} in downtown {address.city}. Use the links below for directions from wherever you are.
          </p>
          <MapFacade className="mt-6" />
        </div>
      </section>
      <section className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 className="text-2xl font-bold text-slate-900">Frequently Asked Questions</h2>
          <div className="mt-6">
            <FaqAccordion items={faqs} group="contact-faq" />
          </div>
          <p className="mt-6">
            <Link to="/faq" className="font-semibold text-brand-700 hover:underline">
              See all frequently asked questions
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
