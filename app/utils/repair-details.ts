/** The customer and device details staff may correct on a repair's page, in the form's order. */
export const repairDetailFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "deviceBrand",
  "deviceModel",
  "issueDescription",
] as const;

export type RepairDetailField = (typeof repairDetailFields)[number];

/** A repair's details as its form shows them: text, blank where there is none. */
export function repairDetailsShown(repair: Record<RepairDetailField, string | null>) {
  return Object.fromEntries(
    repairDetailFields.map((field) => [field, repair[field] ?? ""]),
  ) as Record<RepairDetailField, string>;
}
