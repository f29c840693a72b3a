import { progressSteps } from "~/utils/repair-progress";

const stateWords = { done: "done", current: "now", upcoming: "to come" } as const;

/**
 * The repair's steps (Received → Diagnosing → Repairing → Ready → Picked up), those behind it
 * ticked and the one it is at marked, in a row of five that fits a 390 px phone; under them the
 * date it should be ready. A cancelled repair is no step of the way: the status badge says so.
 */
export function RepairProgress({
  step,
  expectedReady,
}: {
  step: number | null;
  /** "Thu, Dec 10, 2026", or null while not yet known. */
  expectedReady: string | null;
}) {
  if (step === null) return null;
  const last = progressSteps.length - 1;
  return (
    <section className="mt-6" aria-label="Progress" data-testid="repair-progress">
      {/* No gap: the lines between the circles join, and each label has the whole fifth. */}
      <ol className="grid grid-cols-5">
        {progressSteps.map((label, i) => {
          const state = i < step || step === last ? "done" : i === step ? "current" : "upcoming";
          return (
            <li
              key={label}
              aria-current={state === "current" ? "step" : undefined}
              data-state={state}
              className="flex flex-col items-center text-center"
            >
              <span className="flex w-full items-center" aria-hidden="true">
                <span
                  className={`h-0.5 flex-1 ${i === 0 ? "" : i <= step ? "bg-brand-700" : "bg-slate-300"}`}
                />
                <span
                  className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    state === "upcoming"
                      ? "border-2 border-slate-300 bg-white text-slate-500"
                      : state === "current"
                        ? "bg-brand-700 text-white ring-4 ring-brand-100"
                        : "bg-brand-700 text-white"
                  }`}
                >
                  {state === "done" ? "✓" : i + 1}
                </span>
                <span
                  className={`h-0.5 flex-1 ${i === last ? "" : i < step ? "bg-brand-700" : "bg-slate-300"}`}
                />
              </span>
              <span
                className={`mt-1 px-px text-[0.6875rem] leading-tight tracking-tight break-words hyphens-auto min-[400px]:text-xs sm:text-sm sm:tracking-normal ${state === "current" ? "font-bold text-slate-900" : "text-slate-600"}`}
              >
                {label}
                <span className="sr-only"> ({stateWords[state]})</span>
              </span>
            </li>
          );
        })}
      </ol>
      {step < 3 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="expected-ready">
          <span className="font-medium text-slate-900">Expected ready: </span>
          {expectedReady ?? "we'll confirm the date after diagnosis"}
        </p>
      ) : null}
    </section>
  );
}
