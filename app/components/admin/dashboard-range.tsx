import { Form, Link } from "react-router";
import { inputClass } from "~/components/forms/field";
import { secondaryButton } from "./ui";

type RangePreset = { label: string; from?: string; to?: string };

const href = ({ from, to }: { from?: string; to?: string }) => {
  const params = new URLSearchParams();
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  const search = params.toString();
  return `/admin/dashboard${search ? `?${search}` : ""}#charts`;
};

/** The charts' created-date range: a few presets as links and a from/to GET form. */
export function RangePicker({
  presets,
  from,
  to,
}: {
  presets: RangePreset[];
  from?: string;
  to?: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <nav aria-label="Chart date range" className="flex flex-wrap gap-1">
        {presets.map((preset) => {
          const current = preset.from === from && preset.to === to;
          return (
            <Link
              key={preset.label}
              to={href(preset)}
              aria-current={current ? "true" : undefined}
              className={`inline-flex min-h-9 items-center rounded-md border px-3 py-1.5 text-sm font-semibold ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
            >
              {preset.label}
            </Link>
          );
        })}
      </nav>
      <Form
        key={`${from}|${to}`}
        method="get"
        action="/admin/dashboard"
        className="flex flex-wrap items-end gap-3"
        aria-label="Custom date range"
      >
        <div>
          <label htmlFor="range-from" className="block text-sm font-medium text-slate-800">
            Created from
          </label>
          <input
            id="range-from"
            type="date"
            name="from"
            defaultValue={from ?? ""}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="range-to" className="block text-sm font-medium text-slate-800">
            to
          </label>
          <input
            id="range-to"
            type="date"
            name="to"
            defaultValue={to ?? ""}
            className={inputClass}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
      </Form>
    </div>
  );
}
