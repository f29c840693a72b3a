import { address, contact } from "~/config/shop";
import { MailIcon, MapPinIcon, PhoneIcon } from "../icons";

export function ContactStrip() {
  return (
    // A landmark of its own: it sits above the header, and all content belongs to one.
    <div role="region" aria-label="Shop details" className="bg-brand-900 text-sm text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-2 sm:justify-between">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <a href={contact.phone.href} className="inline-flex items-center gap-2 hover:underline">
            <PhoneIcon /> {contact.phone.display}
          </a>
          <a href={`mailto:${contact.emails.info}`} className="hidden items-center gap-2 hover:underline sm:inline-flex">
            <MailIcon /> {contact.emails.info}
          </a>
        </div>
        <a
          href={address.mapLink}
          target="_blank"
          rel="noopener noreferrer"
          className="hidden items-center gap-2 hover:underline md:inline-flex"
        >
          <MapPinIcon /> {address.full}
        </a>
      </div>
    </div>
  );
}
