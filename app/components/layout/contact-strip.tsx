import { OpenNow } from "~/components/public/open-now";
import { address, contact } from "~/config/shop";
import { MailIcon, MapPinIcon, PhoneIcon } from "../icons";

const linkClass = "inline-flex min-h-7 items-center gap-2 hover:underline";

/**
 * Hidden on phones, where the header itself offers Call and WhatsApp (and the home page's hero
 * says whether the shop is open).
 */
export function ContactStrip() {
  return (
    // A landmark of its own: it sits above the header, and all content belongs to one.
    <div
      role="region"
      aria-label="Shop details"
      className="hidden bg-brand-900 text-sm text-white sm:block"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 px-4 py-1">
        <div className="flex items-center gap-x-6">
          <a href={contact.phone.href} className={linkClass}>
            <PhoneIcon /> {contact.phone.display}
          </a>
          <a href={`mailto:${contact.emails.info}`} className={linkClass}>
            <MailIcon /> {contact.emails.info}
          </a>
        </div>
        <div className="flex items-center gap-x-6">
          <OpenNow className="min-h-7" />
          <a
            href={address.mapLink}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} max-lg:hidden`}
          >
            <MapPinIcon /> {address.full}
          </a>
        </div>
      </div>
    </div>
  );
}
