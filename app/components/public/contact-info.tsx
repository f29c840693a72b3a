import { Link } from "react-router";
import type { ReactNode } from "react";
import type { FaqItem } from "~/content/faq";
import { address, contact, openingHoursText, policies } from "~/config/shop";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "../icons";
import { FaqAccordion } from "./faq-accordion";
import { HoursNotices } from "./hours-notices";
import { MapFacade } from "./map-facade";

const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

/** The two big ways to reach the shop without the site: a call and a WhatsApp chat. */
export function CallAndWhatsApp({ callLabel }: { callLabel: string }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <a href={contact.phone.href} className="contact-button bg-brand-700 hover:bg-brand-800">
        <PhoneIcon /> {callLabel}
      </a>
      <a
        href={contact.whatsapp.href}
        {...newTab}
        className="contact-button bg-green-700 hover:bg-green-800"
      >
        <WhatsAppIcon /> WhatsApp Us<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="info-card">
      <span className="icon-button bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </div>
  );
}

const cardLink = "inline-flex min-h-8 items-center font-semibold text-brand-700 hover:underline";

/**
 * Everything on the contact page around the message form. The form, passed as children, comes
 * first (on a phone it is what the visitor came for, and the header already offers Call and
 * WhatsApp), with the ways to reach the shop beside it on wide screens and after it on phones;
 * then the store map and the most asked questions. The questions come from the loader, so the
 * FAQ text stays out of the page's JavaScript.
 */
export function ContactInfo({
  faqs,
  children,
}: {
  faqs: readonly FaqItem[];
  children?: ReactNode;
}) {
  return (
    <>
      {/* Phones stack form, ways to reach us, map; wide screens put the ways to reach us beside both. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-12">
        {children ? <div>{children}</div> : null}
        <section
          aria-labelledby="reach-heading"
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="reach-heading" className="text-2xl font-bold text-slate-900">
            Call, chat or visit
          </h2>
          <CallAndWhatsApp callLabel="Call Now" />
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <InfoCard icon={<PhoneIcon />} title="Call Us">
              <a href={contact.phone.href} className={cardLink}>
                {contact.phone.display}
              </a>
              <p className="text-sm">
                WhatsApp: <span className="whitespace-nowrap">{contact.whatsapp.display}</span>
              </p>
            </InfoCard>
            <InfoCard icon={<MailIcon />} title="Email Us">
              <a href={`mailto:${contact.emails.info}`} className={`${cardLink} break-all`}>
                {contact.emails.info}
              </a>
              <a
                href={`mailto:${contact.emails.repairs}`}
                className="inline-flex min-h-8 items-center text-sm break-all text-brand-700 hover:underline"
              >
                {contact.emails.repairs}
              </a>
              <p className="text-sm">We reply within {policies.messageReplyWithinHours} hours.</p>
            </InfoCard>
            <InfoCard icon={<MapPinIcon />} title="Visit Us">
              <a href={address.mapLink} {...newTab} className={cardLink}>
                {address.full}
                <span className="sr-only"> (opens a map in a new tab)</span>
              </a>
              <p className="text-sm">Walk-ins welcome.</p>
            </InfoCard>
            <InfoCard icon={<ClockIcon />} title="Opening Hours">
              <ul className="space-y-1 text-sm">
                {openingHoursText.map((line) => (
                  <li key={line.days}>
                    <span className="font-medium text-slate-900">{line.days}:</span>{" "}
                    <span className="whitespace-nowrap">{line.hours}</span>
                  </li>
                ))}
              </ul>
              <HoursNotices className="text-sm text-slate-900" />
            </InfoCard>
          </div>
        </section>
        <section aria-labelledby="store-heading" className="lg:col-start-1">
          <h2 id="store-heading" className="text-2xl font-bold text-slate-900">
            Find Our Store
          </h2>
          <p className="mt-2 text-slate-700">
            We&apos;re on {address.street} in downtown {address.city}. Use the links below for
            directions from wherever you are.
          </p>
          <MapFacade className="mt-6" />
        </section>
      </div>
      <section className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 className="text-2xl font-bold text-slate-900">Frequently Asked Questions</h2>
          <div className="mt-6">
            <FaqAccordion items={faqs} group="contact-faq" />
          </div>
          <p className="mt-6">
            <Link
              to="/faq"
              className="inline-block py-2.5 font-semibold text-brand-700 hover:underline"
            >
              See all frequently asked questions
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
