import { Link } from "@remix-run/react";
import { contact, openingHoursText } from "~/config/shop";
import { ClockIcon, MailIcon, PhoneIcon, WhatsAppIcon } from "~/components/icons";

export function BusinessHours() {
  return (
    <section aria-labelledby="hours-heading" className="rounded-xl bg-brand-50 p-5">
      <h2 id="hours-heading" className="flex items-center gap-2 font-semibold text-brand-900">
        <ClockIcon /> Business Hours
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {openingHoursText.map((line) => (
          <div key={line.days} className="flex justify-between gap-4">
            <dt>{line.days}</dt>
            <dd className="font-medium">{line.hours}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function BookingHelp() {
  return (
    <section aria-labelledby="help-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="help-heading" className="font-semibold text-slate-900">
        Need help?
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li>
          <a href={contact.phone.href} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
            <PhoneIcon /> {contact.phone.display}
          </a>
        </li>
        <li>
          <a href={`mailto:${contact.emails.repairs}`} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
            <MailIcon /> {contact.emails.repairs}
          </a>
        </li>
        <li>
          <a href={contact.whatsapp.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 text-brand-700 hover:underline">
            <WhatsAppIcon /> WhatsApp {contact.whatsapp.display}
          </a>
        </li>
        <li>
          <Link to="/faq" className="text-brand-700 hover:underline">
            Read our FAQ
          </Link>
        </li>
      </ul>
    </section>
  );
}
