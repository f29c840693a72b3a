import { z } from "zod";
import { parseBookingReference } from "~/utils/booking-reference";
import { isValidPhone } from "~/utils/phone";
import { trackingMissingMessage } from "~/content/messages/tracking-messages";

/** The tracking lookup, shared by the page (POST form) and the legacy GET endpoint. */
export const trackingSchema = z
  .object({
    repairId: z
      .string()
      .trim()
      .max(20, "Please enter a repair ID like WF-00042.")
      .optional()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || parseBookingReference(v) !== undefined,
        "Please enter a repair ID like WF-00042.",
      ),
    phoneNumber: z
      .string()
      .trim()
      .max(40, "Please enter a valid 10-digit phone number.")
      .optional()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || isValidPhone(v),
        "Please enter a valid 10-digit phone number.",
      ),
  })
  .refine((v) => v.repairId !== undefined || v.phoneNumber !== undefined, {
    message: trackingMissingMessage,
  });

export type TrackingInput = z.infer<typeof trackingSchema>;
