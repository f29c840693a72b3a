import { z } from "zod";
import { notifyChannels } from "~/types/booking";
import { isValidPhone } from "~/utils/phone";
import { capped, requiredText, shortValueMax, versionField } from "./fields";
import { repairDetailsSchema } from "./repair-details";
import { deviceIdentifierField } from "./device-identifier";

const recordId = (message: string) =>
  capped(
    shortValueMax,
    z.coerce.number({ message }).int().positive(message).max(2_147_483_647, message),
    message,
  );

/**
 * The version each form here read its record at (decision 0039), always sent: unlike a repair's
 * forms these have no legacy door whose old callers send none, so a save without one is refused
 * rather than let through unchecked.
 */
const requiredVersion = versionField.unwrap();

/** The customer page's name and channel form (decision 0042); contacts have forms of their own. */
export const customerEditSchema = z.object({
  intent: z.literal("edit"),
  // The same rules as the repair's own name fields.
  firstName: repairDetailsSchema.shape.firstName,
  lastName: repairDetailsSchema.shape.lastName,
  notifyBy: z.enum(notifyChannels, { message: "Please choose e-mail, text or both." }),
  version: requiredVersion,
  /** The values as the form showed them, as JSON (decision 0039: the typed changes go on top). */
  shown: z.string().max(1000).optional(),
});

const contactMessage =
  "Please enter a 10-digit phone number or an e-mail address, like (905) 555-0100 or name@example.com.";

/** A phone number or an e-mail address, told apart by the @. */
export const customerContactSchema = z.object({
  intent: z.literal("add_contact"),
  contact: requiredText(254, contactMessage, contactMessage)
    .refine(
      (value) =>
        value.includes("@") ? z.string().email().safeParse(value).success : isValidPhone(value),
      contactMessage,
    )
    .transform((value) => ({
      kind: value.includes("@") ? ("email" as const) : ("phone" as const),
      value,
    })),
  version: requiredVersion,
});

export const removeContactSchema = z.object({
  intent: z.literal("remove_contact"),
  contactId: recordId("That contact is not on this customer any more. Reload the page."),
  version: requiredVersion,
});

/** The owner's merge of two records: which to keep, which goes into it, each as read. */
export const mergeCustomersSchema = z.object({
  keepId: recordId("Please choose the record to keep."),
  mergeId: recordId("Please choose the record to merge."),
  keepVersion: requiredVersion,
  mergeVersion: requiredVersion,
});

/** A repair's IMEI or serial number, corrected on its page (empty: none). */
export const repairDeviceSchema = z.object({
  intent: z.literal("device"),
  deviceIdentifier: deviceIdentifierField,
  version: requiredVersion,
});

/** The walk-in form's customer lookup: the phone or e-mail typed so far. */
export const customerLookupSchema = z.object({
  phone: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
});
