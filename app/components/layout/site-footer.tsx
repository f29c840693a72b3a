import { Link } from "react-router";
import { quickLinks, serviceLinks } from "~/config/navigation";
import { address, brand, contact, openingHoursText, socialLinks } from "~/config/shop";
import { HoursNotices } from "~/components/public/hours-notices";
import { shopYear } from "~/utils/shop-time";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, socialIcons } from "../icons";

/** 44 px tall on a phone, where fingers tap them; never under WCAG 2.2's 24 px. */
const tapTarget = "inline-flex min-h-11 items-center sm:min-h-8";

function LinkColumn({ title, links }: { title: string; links: typeof quickLinks }) {
  return (
    <div>
      <h2 className="footer-heading">{title}</h2>
      <ul className="mt-3 text-sm sm:space-y-1 sm:text-base">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={`${tapTarget} hover:text-white hover:underline`}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <h2>
            <Link
              to="/"
              className="inline-flex min-h-11 items-center text-2xl font-extrabold text-white"
            >
              {brand.name}
            </Link>
          </h2>
          <p className="mt-2 text-sm">{brand.tagline}</p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {socialLinks.map((social) => {
              const SocialIcon = socialIcons[social.name];
              return (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="icon-button bg-slate-800 hover:bg-brand-600 hover:text-white"
                  >
                    <SocialIcon title={social.name} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Services" links={serviceLinks} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="footer-heading">Contact Us</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a href={contact.phone.href} className={`${tapTarget} gap-2 hover:text-white`}>
                <PhoneIcon /> {contact.phone.display}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${contact.emails.info}`}
                className={`${tapTarget} gap-2 hover:text-white`}
              >
                <MailIcon /> {contact.emails.info}
              </a>
            </li>
            <li>
              <a
                href={address.mapLink}
                target="_blank"
                rel="noopener noreferrer"
                className={`${tapTarget} gap-2 hover:text-white`}
              >
                <MapPinIcon className="shrink-0" /> {address.full}
              </a>
            </li>
            <li className="flex items-start gap-2 pt-2">
              <ClockIcon className="mt-0.5 shrink-0" />
              <div>
                <dl>
                  {openingHoursText.map((line) => (
                    <div key={line.days}>
                      <dt className="inline">{line.days}: </dt>
                      <dd className="inline whitespace-nowrap">{line.hours}</dd>
                    </div>
                  ))}
                </dl>
                <HoursNotices className="mt-2 text-slate-200" />
              </div>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm sm:flex-row">
          <p>
            © {shopYear()} {brand.name}. All rights reserved.
          </p>
          <p className="flex gap-6">
            <Link to="/terms" className={`${tapTarget} hover:text-white hover:underline`}>
              Terms &amp; Conditions
            </Link>
            <Link to="/privacy-policy" className={`${tapTarget} hover:text-white hover:underline`}>
              Privacy Policy
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
