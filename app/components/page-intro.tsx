import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { contact } from "~/config/shop";

/** The heading band at the top of a public page, with the two ways to reach the shop. */
export function PageIntro({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          {children ?? (
            <>
              <Link to="/book-appointment" className="rounded-md bg-accent-500 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-600">
                Book a Repair
              </Link>
              <a href={contact.phone.href} className="rounded-md border border-white/40 px-5 py-3 font-semibold hover:bg-white/10">
                Call {contact.phone.display}
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
