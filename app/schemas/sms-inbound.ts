import { z } from "zod";
import { capped } from "./fields";

/** Twilio's keywords (its Advanced Opt-Out defaults): a whole message of one of these words. */
export const smsKeywords = {
  stop: ["stop", "stopall", "unsubscribe", "cancel", "end", "quit", "optout", "revoke"],
  start: ["start", "yes", "unstop"],
  help: ["help", "info"],
} as const;

/** The longest text a provider delivers (Twilio: 1,600 characters, in up to ten parts). */
const maxBodyLength = 1600;
const sidMessage = "MessageSid is missing or malformed.";
const fromMessage = "From must be a phone number.";

// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * An incoming text as the provider's webhook posts it (only the fields used). A signed request
 * with other shapes is refused with 400; over-long words are cut rather than refused, since the
 * customer cannot resend them differently.
 */
export const inboundTextSchema = z.object({
  MessageSid: capped(64, z.string().regex(/^[A-Za-z0-9]{10,64}$/, sidMessage), sidMessage),
  From: capped(16, z.string().regex(/^\+?\d{6,15}$/, fromMessage), fromMessage),
  // Cut before anything reads it, with room for the control characters that are dropped.
  Body: z
    .string()
    .default("")
    .transform((body) =>
      body
        .slice(0, 2 * maxBodyLength)
        .replace(controlCharacters, "")
        .trim()
        .slice(0, maxBodyLength),
    ),
});

export type InboundText = z.infer<typeof inboundTextSchema>;
