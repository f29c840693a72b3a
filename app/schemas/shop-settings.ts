import { z } from "zod";
import { capped, shortValueMax, versionField } from "./fields";

/** The most the Settings page takes: well past any counter's day, well short of nonsense. */
export const settingLimits = {
  bookingSlotCapacity: 100,
  bookingLimitPerCustomer: 50,
  /** A week: past that, "call us" would be the rule rather than the exception. */
  changeCutoffHours: 168,
} as const;

const count = (max: number, message: string, min = 1) =>
  capped(
    shortValueMax,
    z.coerce.number({ message }).int(message).min(min, message).max(max, message),
    message,
  );

const approvalMessage = "Please choose what an approved quote does.";
const newBookingMessage = "Please choose what a new online booking is.";

/** The Settings page's form (docs/decisions/0050). */
export const shopSettingsSchema = z.object({
  bookingSlotCapacity: count(
    settingLimits.bookingSlotCapacity,
    `Please enter how many repairs one time can take, from 1 to ${settingLimits.bookingSlotCapacity}.`,
  ),
  bookingLimitPerCustomer: count(
    settingLimits.bookingLimitPerCustomer,
    `Please enter how many upcoming bookings one customer may hold, from 1 to ${settingLimits.bookingLimitPerCustomer}.`,
  ),
  changeCutoffHours: count(
    settingLimits.changeCutoffHours,
    `Please enter how many hours before an appointment online changes stop, from 0 to ${settingLimits.changeCutoffHours}.`,
    0,
  ),
  quoteApprovalStartsRepair: capped(
    shortValueMax,
    z.enum(["off", "on"], { message: approvalMessage }).transform((value) => value === "on"),
    approvalMessage,
  ),
  bookingsConfirmedAtOnce: capped(
    shortValueMax,
    z
      .enum(["received", "confirmed"], { message: newBookingMessage })
      .transform((value) => value === "confirmed"),
    newBookingMessage,
  ),
  version: versionField,
  /** The values as the form showed them, as JSON (decision 0039: the typed changes go on top). */
  shown: z.string().max(1000).optional(),
});

export type ShopSettingsChange = Omit<z.output<typeof shopSettingsSchema>, "version" | "shown">;
