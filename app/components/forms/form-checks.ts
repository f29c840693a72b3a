import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import type { ToastMessage } from "~/content/messages/form-messages";
import { bookingMissingToast, bookingSchema } from "~/schemas/booking";
import { contactMissing, contactSchema } from "~/schemas/contact";
import type { FormCheck } from "./use-form-reply";

/**
 * A form's check in the browser: its zod schema parsed by Conform, as the server's action parses
 * it, with the toast the server would add. This module is imported lazily (`useFormReply`), so
 * neither zod nor the schemas are in a page's first JavaScript.
 */
const formCheck =
  (schema: ZodTypeAny, missing: (formData: FormData) => ToastMessage | undefined): FormCheck =>
  (formData) => {
    const submission = parseWithZod(formData, { schema });
    return submission.status === "success"
      ? undefined
      : { error: submission.reply().error, toast: missing(formData) };
  };

export const formChecks = {
  booking: formCheck(bookingSchema, bookingMissingToast),
  contact: formCheck(contactSchema, contactMissing),
};
