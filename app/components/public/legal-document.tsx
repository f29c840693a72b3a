import type { LegalSection } from "~/content/legal";
import { RichText } from "./rich-text";

export type LegalText = {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};

/** A legal text: its own heading band, a list of sections to jump to, then the sections. */
export function LegalDocument({ document }: { document: LegalText }) {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{document.title}</h1>
          <p className="mt-4 text-brand-100">Last updated: {document.lastUpdated}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p className="text-lg leading-relaxed text-slate-700">{document.intro}</p>
        <nav
          aria-label="On this page"
          className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 className="font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 list-decimal pl-6">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-block py-1 text-brand-700 hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-10 scroll-mt-24"
          >
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <RichText html={section.html} className="[&>p:first-child]:mt-3" />
          </section>
        ))}
      </div>
    </>
  );
}
