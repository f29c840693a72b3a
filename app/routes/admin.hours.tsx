import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn, reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { ClosureForm, SpecialHoursForm } from "~/components/admin/hours-forms";
import { EntryList, HolidayList } from "~/components/admin/hours-lists";
import { RecentChanges } from "~/components/admin/recent-changes";
import { Section } from "~/components/admin/repair-detail-sections";
import { useActionToast } from "~/components/toaster";
import { openingHoursText } from "~/config/shop";
import { shopHoursAction } from "~/routes/shop-hours-form.server";
import { hoursPageView } from "~/routes/shop-hours-view.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { hoursPath } from "~/utils/admin-path";
import { pageTitle } from "~/utils/meta";

export const loader = staffLoader(async ({ request }) => hoursPageView(new URL(request.url)), {
  may: "manageSettings",
  unavailable: "Failed to load the hours and closures.",
});

export const action = staffAction(
  async ({ request, context, staff }) => shopHoursAction(request, context, staff),
  { may: "manageSettings" },
);

/** After a refused save (409) the page reloads what is stored now (decision 0039). */
export const shouldRevalidate = reloadAfterRefusal;

export default function HoursPage() {
  const { today, entries, holidays, editing, opening, changes, constraints } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useActionToast(answer?.toast);
  const conflict = conflictIn(answer);
  const answered = (form: string) => (answer?.form === form ? answer : undefined);
  const fillOf = (form: "closure" | "hours") =>
    editing?.form === form ? editing.fill : form === "hours" ? (opening ?? undefined) : undefined;
  /** Drawn again for another entry or holiday, and from the entry as it is now after a refusal. */
  const keyOf = (form: "closure" | "hours") => {
    const fill = fillOf(form);
    return `${fill?.id ?? fill?.values.date ?? "new"}|${fill?.version ?? ""}|${conflict?.version ?? ""}`;
  };
  const formProps = (form: "closure" | "hours") => {
    const mine = editing?.form === form ? editing.fill : undefined;
    return {
      fill: fillOf(form),
      constraint: constraints[form],
      lastResult: answered(form)?.result,
      conflict: answered(form) ? conflict : undefined,
      cancelTo: hoursPath,
      action: mine ? `${hoursPath}?edit=${mine.id}` : hoursPath,
      minDate: today,
    };
  };
  const removal = answered("remove");
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Hours &amp; Closures</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Usual hours: {openingHoursText.map((line) => `${line.days} ${line.hours}`).join("; ")}.
        Statutory holidays are closed unless you open them. A change shows at once on the site, in
        the booking form&apos;s times and to search engines.
      </p>
      {/* On a phone: the entries, the two forms, then the holidays and the changes. */}
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="contents lg:grid lg:gap-6">
          <div className="order-1">
            <Section title="Closures and Special Hours" id="entries-heading">
              <EntryList
                entries={entries}
                refused={
                  removal && {
                    id: removal.id,
                    errors: removal.result.error?.[""] ?? undefined,
                    conflict,
                  }
                }
              />
            </Section>
          </div>
          <div className="order-4">
            <Section title="Statutory Holidays" id="holidays-heading">
              <HolidayList holidays={holidays} />
            </Section>
          </div>
        </div>
        <div className="contents lg:grid lg:gap-6">
          <div className="order-2">
            <Section
              title={editing?.form === "closure" ? "Change Closure" : "Close the Shop"}
              id="closure-heading"
            >
              <ClosureForm key={keyOf("closure")} {...formProps("closure")} />
            </Section>
          </div>
          <div className="order-3">
            <Section
              title={editing?.form === "hours" ? "Change Special Hours" : "Special Hours"}
              id="special-hours-heading"
            >
              <SpecialHoursForm key={keyOf("hours")} {...formProps("hours")} />
            </Section>
          </div>
          <div className="order-5">
            <RecentChanges id="hours-changes-heading" changes={changes} />
          </div>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Hours & Closures") }];

export const ErrorBoundary = AdminErrorBoundary;
