import { Link, NavLink } from "react-router";
import { brand, contact } from "~/config/shop";
import { PhoneIcon } from "../icons";
import { ContactStrip } from "./contact-strip";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";
import { WhatsAppButton } from "./whatsapp-button";

/**
 * On a phone the strip above is hidden and the bar itself offers Call, WhatsApp and Book, each a
 * 44 px target; from `sm` up the strip carries the phone number and the bar drops its Call icon.
 */
export function SiteHeader() {
  return (
    <>
      <ContactStrip />
      <header className="site-header">
        <div className="relative mx-auto flex h-15 max-w-7xl items-center justify-between gap-2 px-4">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center text-2xl font-extrabold tracking-tight text-brand-700"
          >
            {brand.name}
          </Link>
          <DesktopNav />
          <div className="flex items-center gap-2">
            <a
              href={contact.phone.href}
              aria-label={`Call ${contact.phone.display}`}
              className="icon-button bg-brand-50 text-brand-700 hover:bg-brand-100 sm:hidden"
            >
              <PhoneIcon />
            </a>
            <WhatsAppButton />
            <NavLink to="/book-appointment" className="book-button">
              Book<span className="max-sm:sr-only">&nbsp;a Repair</span>
            </NavLink>
            <MobileNav />
          </div>
        </div>
      </header>
    </>
  );
}
