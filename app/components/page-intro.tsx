import { Link, useLocation } from "react-router";
import { contact } from "~/config/shop";

/**
 * The heading band at the top of a public page. On a phone it is a title and one line, so the
 * page's own task shows on arrival: the lead is clamped to a line (or `shortLead` replaces it)
 * and the buttons are left to the header, which already offers Book, Call and WhatsApp. The
 * first button books a repair unless a page names a better next step (`primary`).
 */
export function PageIntro({
  title,
  lead,
  shortLead,
  primary,
}: {
  title: string;
  lead: string;
  shortLead?: string;
  primary?: { to: string; label: string };
}) {
  const { pathname } = useLocation();
  // Never a button to the page the visitor is already on.
  const next =
    primary ??
    (pathname === "/book-appointment" ? null : { to: "/book-appointment", label: "Book a Repair" });
  return (
    <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-4 sm:py-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {shortLead ? (
          <p className="mt-1 truncate text-sm text-brand-100 sm:hidden">{shortLead}</p>
        ) : null}
        <p
          className={`mt-1 text-sm text-brand-100 sm:mt-2 sm:max-w-2xl sm:text-lg ${shortLead ? "max-sm:hidden" : "line-clamp-1 sm:line-clamp-none"}`}
        >
          {lead}
        </p>
        <div className="mt-5 flex flex-wrap gap-3 max-sm:hidden">
          {next ? (
            <Link to={next.to} className="intro-button intro-button-primary">
              {next.label}
            </Link>
          ) : null}
          <a href={contact.phone.href} className="intro-button">
            Call {contact.phone.display}
          </a>
        </div>
      </div>
    </section>
  );
}
