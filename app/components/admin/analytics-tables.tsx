import { useId, type ReactNode } from "react";
import type { FunnelStep, PageVitals, WebVitalName, WebVitalRating } from "~/types/analytics";
import type { CountRow } from "~/types/charts";
import {
  formatWebVital,
  webVitalRatingLabels,
  webVitalThresholds,
} from "~/utils/web-vital-ratings";
import { cell, headCell, panel, tableClass } from "./ui";

function TablePanel({
  title,
  isEmpty,
  empty,
  children,
  note,
}: {
  title: string;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {note}
      {isEmpty ? (
        <p className="mt-4 text-slate-500">{empty}</p>
      ) : (
        // Every table fits its panel (the wide one turns into cards on small screens): nothing
        // scrolls sideways.
        <div className="mt-4">{children}</div>
      )}
    </section>
  );
}

const numberCell = `${cell} text-right tabular-nums`;
const vitalCell = "block p-0 align-top lg:table-cell lg:px-3 lg:py-2";

/** A ranked list: name and number of views. */
export function CountTable({
  title,
  rows,
  nameHeading,
}: {
  title: string;
  rows: CountRow[];
  nameHeading: string;
}) {
  return (
    <TablePanel title={title} isEmpty={!rows.length} empty="No page views yet.">
      <table className={tableClass}>
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              {nameHeading}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Views
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={`${cell} font-normal break-all`}>
                {row.label}
              </th>
              <td className={numberCell}>{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TablePanel>
  );
}

/** Views of each step of the way to a booking, and the share that went on from the step before. */
export function FunnelTable({ steps }: { steps: FunnelStep[] }) {
  const title = "Booking funnel";
  return (
    <TablePanel
      title={title}
      isEmpty={steps.every((step) => !step.views)}
      empty="No page views yet."
      note={
        <p className="mt-1 text-sm text-slate-600">
          Page views, not people: no visitor is followed from page to page.
        </p>
      }
    >
      <table className={tableClass}>
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              Step
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Views
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Of previous step
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {steps.map((step) => (
            <tr key={step.label}>
              <th scope="row" className={`${cell} font-normal`}>
                {step.label}
              </th>
              <td className={numberCell}>{step.views}</td>
              <td className={numberCell}>{step.share === null ? "–" : `${step.share}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TablePanel>
  );
}

const ratingColours: Record<WebVitalRating, string> = {
  good: "bg-green-100 text-green-900",
  "needs-improvement": "bg-amber-100 text-amber-900",
  poor: "bg-red-100 text-red-900",
};

const metricOrder = Object.keys(webVitalThresholds) as WebVitalName[];

/** The 75th percentile of each Web Vital per page, with web.dev's rating beside it. */
export function VitalsTable({ pages }: { pages: PageVitals[] }) {
  const title = "Real-user speed (75th percentile)";
  const thresholds = metricOrder
    .map(
      (name) =>
        `${name} ≤ ${formatWebVital(name, webVitalThresholds[name][0])} good, > ${formatWebVital(name, webVitalThresholds[name][1])} poor`,
    )
    .join("; ");
  return (
    <TablePanel
      title={title}
      isEmpty={!pages.length}
      empty="No measurements yet."
      note={
        <p className="mt-1 text-sm text-slate-600">
          Measured in visitors&apos; browsers. Thresholds from web.dev: {thresholds}.
        </p>
      }
    >
      {/* Below lg each page is a card: its path, then a label above each figure. */}
      <table className={`${tableClass} block lg:table`}>
        <caption className="sr-only">{title}</caption>
        <thead className="sr-only lg:not-sr-only lg:table-header-group">
          <tr>
            <th scope="col" className={headCell}>
              Page
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Page loads
            </th>
            {metricOrder.map((name) => (
              <th key={name} scope="col" className={headCell}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 lg:table-row-group">
          {pages.map((page) => (
            <tr
              key={page.path}
              className="grid grid-cols-2 gap-x-4 gap-y-2 py-3 sm:grid-cols-3 lg:table-row lg:py-0"
            >
              <th
                scope="row"
                className={`${vitalCell} col-span-full font-semibold break-all lg:font-normal`}
              >
                {page.path}
              </th>
              <td className={`${vitalCell} tabular-nums lg:text-right`}>
                <span className="block text-xs text-slate-600 lg:sr-only">Page loads</span>
                {page.samples}
              </td>
              {metricOrder.map((name) => {
                const metric = page.metrics[name];
                return (
                  <td key={name} className={vitalCell}>
                    <span className="block text-xs text-slate-600 lg:sr-only">{name}</span>
                    <span data-metric={name}>
                      {metric ? (
                        <>
                          <span className="tabular-nums">{formatWebVital(name, metric.p75)}</span>{" "}
                          <span
                            className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${ratingColours[metric.rating]}`}
                          >
                            {webVitalRatingLabels[metric.rating]}
                          </span>
                        </>
                      ) : (
                        "–"
                      )}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TablePanel>
  );
}
