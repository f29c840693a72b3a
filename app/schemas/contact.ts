import { z } from "zod";
import { contactSubjects } from "~/config/shop";

const subjectValues = contactSubjects.map((s) => s.value) as [string, ...string[]];

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** The contact form, shared by the page, the legacy JSON endpoint and the tests. */
export const contactSchema = z.object({
  name: z
    .string({ required_error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
  email: z
    .string({ required_error: "Please enter your e-mail address." })
    .trim()
    .email("Please enter a valid e-mail address.")
    .max(254, "Please enter a valid e-mail address."),
  phone: optionalText(40, "Please enter a valid phone number."),
  subject: z.enum(subjectValues, { message: "Please choose a subject from the list." }).optional(),
  message: z
    .string({ required_error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(5000, "Please keep your message under 5,000 characters."),
  submissionKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please reload the page and try again."),
});

export type ContactInput = z.infer<typeof contactSchema>;
