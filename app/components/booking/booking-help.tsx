import { Link } from "react-router";
import { contact, openingHoursText } from "~/config/shop";
import { ClockIcon, MailIcon, PhoneIcon, WhatsAppIcon } from "~/components/icons";
import { HoursNotices } from "~/components/public/hours-notices";

export function BusinessHours() {
  return (
    <section aria-labelledby="hours-heading" className="rounded-xl bg-brand-50 p-5">
      <h2 id="hours-heading" className="flex items-center gap-2 font-semibold text-brand-900">
        <ClockIcon /> Business Hours
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        {openingHoursText.map((line) => (
          // A narrow card moves the hours under the days rather than breaking "8:00 PM".
          <div key={line.days} className="flex flex-wrap justify-between gap-x-4">
            <dt>{line.days}</dt>
            <dd className="font-medium whitespace-nowrap">{line.hours}</dd>
          </div>
        ))}
      </dl>
      <HoursNotices className="mt-3 text-sm text-brand-900" />
    </section>
  );
}

export function BookingHelp() {
  return (
    <section aria-labelledby="help-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="help-heading" className="font-semibold text-slate-900">
        Need help?
      </h2>
      <ul className="mt-2 text-sm">
        <li>
          <a
            href={contact.phone.href}
            className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline lg:min-h-8"
          >
            <PhoneIcon /> {contact.phone.display}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${contact.emails.repairs}`}
            className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline lg:min-h-8"
          >
            <MailIcon /> {contact.emails.repairs}
          </a>
        </li>
        <li>
          <a
            href={contact.whatsapp.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline lg:min-h-8"
          >
            <WhatsAppIcon /> WhatsApp {contact.whatsapp.display}
          </a>
        </li>
        <li>
          <Link
            to="/faq"
            className="inline-flex min-h-11 items-center text-brand-700 hover:underline lg:min-h-8"
          >
            Read our FAQ
          </Link>
        </li>
      </ul>
    </section>
  );
}
