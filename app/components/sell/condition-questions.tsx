import { conditionQuestions } from "~/schemas/trade-offer";
import type { SellDevice } from "~/types/sell";

/**
 * The condition questions as one GET form: its answers go in the address with the device, so the
 * offer page can be opened again, shared with no one's details in it, and reached without
 * JavaScript. Every question must be answered (the browser checks; the server again).
 */
export function ConditionQuestions({
  device,
  values,
  errors,
}: {
  device: Required<SellDevice>;
  values: Record<string, string>;
  errors?: Record<string, string>;
}) {
  return (
    <form method="get" action="/sell" className="space-y-6">
      <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">Tell us about its condition</h2>
      {errors ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          Please answer every question below.
        </div>
      ) : null}
      <input type="hidden" name="answered" value="1" />
      {Object.entries(device).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {conditionQuestions.map((question) => {
        const error = errors?.[question.name];
        return (
          <fieldset
            key={question.name}
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
            aria-describedby={error ? `${question.name}-error` : undefined}
          >
            <legend className="px-1 font-semibold text-slate-900">{question.question}</legend>
            <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-3 sm:gap-3">
              {question.answers.map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-11 min-w-0 items-center gap-2 text-slate-800"
                >
                  <input
                    type="radio"
                    name={question.name}
                    value={value}
                    required
                    defaultChecked={values[question.name] === value}
                    className="h-5 w-5 shrink-0 border-slate-400 text-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            {error ? (
              <p id={`${question.name}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        See my offer
      </button>
    </form>
  );
}
