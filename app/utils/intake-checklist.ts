import {
  intakeCheckResults,
  intakeChecks,
  type IntakeCheck,
  type IntakeCheckResult,
} from "~/types/intake";
import type { IntakeChecklistLine } from "~/types/repairs";

/** How the form, the ticket and the repair page name each check. */
export const intakeCheckLabels: Record<IntakeCheck, string> = {
  powers_on: "Powers on",
  display_touch: "Display and touch",
  cameras: "Cameras",
  biometrics: "Face ID or Touch ID",
  buttons: "Buttons",
  speaker_microphone: "Speaker and microphone",
  charging: "Charging",
  // "Pass" must mean the device is fine, so the check is named for the good outcome.
  liquid: "No signs of liquid",
};

export const intakeResultLabels: Record<IntakeCheckResult, string> = {
  pass: "Pass",
  fail: "Fail",
  untested: "Not tested",
};

/** The walk-in's passcode question, as both intake forms ask it. */
export const passcodeOptions = [
  { value: "withheld", label: "Customer kept the passcode" },
  { value: "given", label: "Passcode given to technician" },
];

/** The form field that carries one check: flat names, so a refused form echoes each one back. */
export const checkField = (check: IntakeCheck) => `check_${check}` as const;
export type CheckField = ReturnType<typeof checkField>;

const isResult = (value: unknown): value is IntakeCheckResult =>
  intakeCheckResults.includes(value as IntakeCheckResult);

/** Every check's result: what was stored, "untested" for the rest (a repair taken in before the checklist). */
function fullChecklist(
  stored: Partial<Record<string, unknown>> | null | undefined,
): Record<IntakeCheck, IntakeCheckResult> {
  return Object.fromEntries(
    intakeChecks.map((check) => {
      const value = stored?.[check];
      return [check, isResult(value) ? value : "untested"];
    }),
  ) as Record<IntakeCheck, IntakeCheckResult>;
}

/** A checklist as the form's fields. */
export const checklistFieldValues = (stored: Partial<Record<string, unknown>> | null | undefined) =>
  Object.fromEntries(
    Object.entries(fullChecklist(stored)).map(([check, result]) => [
      checkField(check as IntakeCheck),
      result,
    ]),
  ) as Record<CheckField, IntakeCheckResult>;

/** A stored checklist for people, in the checklist's order; null when none was recorded. */
export const checklistLines = (
  stored: Partial<Record<string, unknown>> | null,
): IntakeChecklistLine[] | null =>
  stored === null
    ? null
    : Object.entries(fullChecklist(stored)).map(([check, result]) => ({
        label: intakeCheckLabels[check as IntakeCheck],
        result,
        resultLabel: intakeResultLabels[result],
      }));
