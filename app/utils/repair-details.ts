import type { Booking } from "~/types/booking";
import { intakeChecks } from "~/types/intake";
import {
  checkField,
  checklistFieldValues,
  intakeCheckLabels,
  intakeResultLabels,
} from "./intake-checklist";
import { formatCad } from "./price";

const checkFields = intakeChecks.map(checkField);

/**
 * What staff may correct on a repair's page, in the form's order: the customer and device, and
 * everything taken in at the counter (decision 0046). Each is one form field holding text, so a
 * form refused because the repair changed meanwhile can put each change on top by itself.
 */
const textFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "deviceBrand",
  "deviceModel",
  "issueType",
  "issueDescription",
  "quotedPrice",
  "deviceCondition",
  "accessories",
] as const;

export const repairDetailFields = [...textFields, "passcode", ...checkFields] as const;

export type RepairDetailField = (typeof repairDetailFields)[number];

/** The booking columns the details form edits. */
export type RepairDetailColumns = Pick<
  Booking,
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "deviceBrand"
  | "deviceModel"
  | "issueType"
  | "issueDescription"
  | "quotedPrice"
  | "deviceCondition"
  | "accessories"
  | "passcodeWithheld"
  | "intakeChecklist"
>;

/** A repair's details as its form shows them: text, blank where there is none. */
export function repairDetailsShown(repair: RepairDetailColumns) {
  const { passcodeWithheld, intakeChecklist } = repair;
  return {
    ...Object.fromEntries(textFields.map((field) => [field, repair[field] ?? ""])),
    passcode: passcodeWithheld === null ? "" : passcodeWithheld ? "withheld" : "given",
    ...checklistFieldValues(intakeChecklist),
  } as Record<RepairDetailField, string>;
}

/** How the audit trail and the history name each detail. */
export const detailLabels: Record<RepairDetailField, string> = {
  firstName: "first name",
  lastName: "last name",
  email: "e-mail",
  phone: "phone",
  deviceBrand: "brand",
  deviceModel: "model",
  issueType: "issue",
  issueDescription: "issue description",
  quotedPrice: "quoted price",
  deviceCondition: "device condition",
  accessories: "accessories",
  passcode: "passcode",
  ...(Object.fromEntries(
    intakeChecks.map((check) => [checkField(check), `check “${intakeCheckLabels[check]}”`]),
  ) as Record<(typeof checkFields)[number], string>),
};

/** A detail's value as the history shows it: "$129.00", "Fail", "Kept by the customer". */
export function detailValueText(field: string, value: string | null): string {
  if (value === null || value === "") return "(blank)";
  if (field === "quotedPrice") return formatCad(value);
  if (field === "passcode")
    return value === "withheld" ? "Kept by the customer" : "Given to the technician";
  if ((checkFields as readonly string[]).includes(field))
    return intakeResultLabels[value as keyof typeof intakeResultLabels] ?? value;
  return value;
}
