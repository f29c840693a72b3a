import { destructive, type ToastMessage } from "~/content/messages/form-messages";

// Only the schemas use these, on the server.

/** The legacy forms' "Missing Information" toast, listing the empty required fields by label. */
export function missingFieldsToast(
  formData: FormData,
  required: readonly string[],
  labels: Record<string, string>,
): ToastMessage | undefined {
  const missing = required.filter((name) => !String(formData.get(name) ?? "").trim());
  if (!missing.length) return undefined;
  return destructive(
    "Missing Information",
    `Please fill in the following fields: ${missing.map((name) => labels[name] ?? name).join(", ")}`,
  );
}

export const contactMissingToast = destructive(
  "Missing Information",
  "Please fill in all required fields.",
);
