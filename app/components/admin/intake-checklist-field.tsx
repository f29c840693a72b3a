import type { MouseEvent } from "react";
import { FieldError } from "~/components/forms/field";
import type { FormField } from "~/components/forms/use-form-reply";
import { useHydrated } from "~/components/use-hydrated";
import { intakeCheckResults, intakeChecks, type IntakeCheckResult } from "~/types/intake";
import {
  checkField,
  intakeCheckLabels,
  intakeResultLabels,
  type CheckField,
} from "~/utils/intake-checklist";
import { secondaryButton } from "./ui";

/** How each answer looks when chosen: green for a pass, red for a fault, grey when not tried. */
const chosenLook: Record<IntakeCheckResult, string> = {
  pass: "peer-checked:border-green-700 peer-checked:bg-green-700 peer-checked:text-white",
  fail: "peer-checked:border-red-700 peer-checked:bg-red-700 peer-checked:text-white",
  untested: "peer-checked:border-slate-600 peer-checked:bg-slate-600 peer-checked:text-white",
};

/** Ticks every "Pass": most devices pass most checks, so staff then flip only the faults. */
function markAllPassed(event: MouseEvent<HTMLButtonElement>) {
  const form = event.currentTarget.form;
  if (!form) return;
  for (const check of intakeChecks) {
    const radio = form.querySelector<HTMLInputElement>(
      `input[name="${checkField(check)}"][value="pass"]`,
    );
    if (!radio || radio.checked) continue;
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * The pre-repair checklist: one row per check, each a segmented control of three radio buttons
 * (pass, fail, not tested) big enough for a thumb, so it works without JavaScript. With it, one
 * button marks every check passed.
 */
export function IntakeChecklistField({
  field,
  className,
}: {
  field: (name: CheckField) => FormField;
  className?: string;
}) {
  const hydrated = useHydrated();
  const hintId = `${field(checkField(intakeChecks[0])).id}-checklist-hint`;
  return (
    <fieldset className={className} aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-800">Pre-repair checklist</legend>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-sm text-slate-600">
          Try each one with the customer there. Leave &ldquo;Not tested&rdquo; when it cannot be
          tried.
        </p>
        {hydrated ? (
          <button type="button" className={secondaryButton} onClick={markAllPassed}>
            All pass
          </button>
        ) : null}
      </div>
      <div className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {intakeChecks.map((check) => {
          const one = field(checkField(check));
          const chosen = (one.props.defaultValue as IntakeCheckResult | undefined) ?? "untested";
          const label = intakeCheckLabels[check];
          return (
            <fieldset
              key={check}
              data-testid={`check-${check}`}
              className="grid gap-2 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              aria-describedby={one.errors?.length ? one.errorId : undefined}
            >
              {/* Floated, the legend is a grid item: beside the buttons at desktop width, above on a phone. */}
              <legend className="float-left text-sm font-medium text-slate-900">{label}</legend>
              <div className="grid grid-cols-3 gap-1 sm:w-96">
                {intakeCheckResults.map((result) => (
                  <label key={result} className="relative">
                    <input
                      type="radio"
                      name={one.props.name}
                      value={result}
                      defaultChecked={chosen === result}
                      className="peer sr-only"
                    />
                    <span
                      className={`flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white px-1 text-center text-sm font-semibold text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-1 ${chosenLook[result]}`}
                    >
                      <span className="sr-only">{label}: </span>
                      {intakeResultLabels[result]}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError field={one} />
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
