import { z } from "zod";
import { checkDeviceIdentifier, type DeviceIdentifier } from "~/utils/device-identifier";
import { optionalText, shortValueMax } from "./fields";

/**
 * A device's IMEI or serial number, optional: the checked identifier, or undefined when left
 * empty (decision 0042). The message says what is wrong: the IMEI's length, its check digit, or
 * the serial number's characters.
 */
export const deviceIdentifierField = optionalText(shortValueMax).transform(
  (value, ctx): DeviceIdentifier | undefined => {
    if (value === undefined) return undefined;
    const checked = checkDeviceIdentifier(value);
    if (checked.ok) return checked.identifier;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: checked.message });
    return z.NEVER;
  },
);
