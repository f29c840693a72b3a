import { z } from "zod";
import { contactSubjects } from "~/config/shop";
import { contactMissingToast } from "~/utils/missing-fields";
import {
  checkboxField,
  emailField,
  honeypotField,
  optionalPhoneField,
  requiredText,
  submissionKeyField,
} from "./fields";

const subjectValues = contactSubjects.map((s) => s.value) as [string, ...string[]];

/** The contact form, shared by the page, the legacy JSON endpoint and the tests. */
export const contactSchema = z.object({
  name: requiredText(100, "Please enter your name.", "Please keep your name under 100 characters."),
  email: emailField,
  phone: optionalPhoneField,
  subject: z
    .enum(subjectValues, { message: "Please choose a subject from the list." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  message: requiredText(
    5000,
    "Please enter a message.",
    "Please keep your message under 5,000 characters.",
  ),
  /** "Send me a copy": the message goes to the sender's e-mail too. */
  sendCopy: checkboxField,
  submissionKey: submissionKeyField,
  website: honeypotField,
});

/** A checked message; callers other than the form (tests, tools) may leave the copy out. */
export type ContactInput = Omit<z.infer<typeof contactSchema>, "sendCopy"> & { sendCopy?: boolean };

const contactRequiredFields = ["name", "email", "message"] as const;

/** The legacy "Please fill in all required fields." toast when one is empty. */
export const contactMissing = (formData: FormData) =>
  contactRequiredFields.some((name) => !String(formData.get(name) ?? "").trim())
    ? contactMissingToast
    : undefined;
