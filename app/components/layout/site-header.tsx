import { Link } from "@remix-run/react";
import { brand } from "~/config/shop";
import { ContactStrip } from "./contact-strip";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";

export function SiteHeader() {
  return (
    <>
      <ContactStrip />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link to="/" className="text-2xl font-extrabold tracking-tight text-brand-700">
            {brand.name}
          </Link>
          <DesktopNav />
          <div className="flex items-center gap-2">
            <Link
              to="/book-appointment"
              className="hidden rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-accent-600 sm:inline-block"
            >
              Book a Repair
            </Link>
            <MobileNav />
          </div>
        </div>
      </header>
    </>
  );
}
