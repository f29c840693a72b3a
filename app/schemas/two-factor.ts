import { z } from "zod";
import { optionalText, requiredText } from "./fields";

const missingCode = "Please enter the code from your authenticator app.";

/** A 6-digit authenticator code or a recovery code (`k7m2p-q9x4a`); which one is decided when it is checked. */
const codeField = requiredText(32, missingCode, "That code is too long.");

/** The login's second step. */
export const loginCodeSchema = z.object({ code: codeField });

/** The security page's forms, told apart by the button pressed. */
export const securityActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("begin") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("confirm"), code: codeField }),
  z.object({ intent: z.literal("disable"), code: codeField }),
  z.object({ intent: z.literal("regenerate"), code: codeField }),
]);

export type SecurityAction = z.infer<typeof securityActionSchema>;

/** The legacy JSON login's optional second factor. */
export const optionalCodeField = optionalText(32, "That code is too long.");
