import { z } from "zod";

/** Twilio's keywords (its Advanced Opt-Out defaults): a whole message of one of these words. */
export const smsKeywords = {
  stop: ["stop", "stopall", "unsubscribe", "cancel", "end", "quit", "optout", "revoke"],
  start: ["start", "yes", "unstop"],
  help: ["help", "info"],
} as const;

// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * An incoming text as the provider's webhook posts it (only the fields used). A signed request
 * with other shapes is refused with 400; over-long words are cut rather than refused, since the
 * customer cannot resend them differently.
 */
export const inboundTextSchema = z.object({
  MessageSid: z.string().regex(/^[A-Za-z0-9]{10,64}$/, "MessageSid is missing or malformed."),
  From: z.string().regex(/^\+?\d{6,15}$/, "From must be a phone number."),
  Body: z
    .string()
    .default("")
    .transform((body) => body.replace(controlCharacters, "").trim().slice(0, 1600)),
});

export type InboundText = z.infer<typeof inboundTextSchema>;
