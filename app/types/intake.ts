/** The pre-repair checks done at the counter, in the order the form and the ticket list them. */
export const intakeChecks = [
  "powers_on",
  "display_touch",
  "cameras",
  "biometrics",
  "buttons",
  "speaker_microphone",
  "charging",
  "liquid",
] as const;
export type IntakeCheck = (typeof intakeChecks)[number];

export const intakeCheckResults = ["pass", "fail", "untested"] as const;
export type IntakeCheckResult = (typeof intakeCheckResults)[number];
