import { Link } from "react-router";
import type { RecentText } from "~/types/repairs";
import { panel } from "./ui";

/**
 * Texts customers sent the shop's number; the conversation and the reply form are on each repair's
 * page.
 */
export function RecentTexts({ texts }: { texts: RecentText[] }) {
  return (
    <section aria-labelledby="texts-heading" className={`${panel} mt-6`}>
      <h2 id="texts-heading" className="text-lg font-semibold text-slate-900">
        Texts from customers
      </h2>
      {texts.length ? (
        <ul className="mt-3 divide-y divide-slate-200">
          {texts.map((t) => (
            <li key={t.id} data-testid="customer-text" className="py-3">
              <p className="text-sm text-slate-600">
                {t.at} · {t.from}
                {t.repair ? (
                  <>
                    {" · "}
                    <Link
                      to={`/admin/repairs/${t.repair.id}#texts-heading`}
                      className="font-mono font-semibold text-brand-700 hover:underline"
                    >
                      {t.repair.reference}
                    </Link>
                  </>
                ) : (
                  " · no repair with this number"
                )}
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-800">{t.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No texts yet.</p>
      )}
    </section>
  );
}
