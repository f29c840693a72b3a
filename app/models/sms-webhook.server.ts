import { createHmac, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { bookings, smsInbound, smsOptOuts } from "#db/schema";
import { brand, contact } from "~/config/shop";
import { smsKeywords, type InboundText } from "~/schemas/sms-inbound";
import { database } from "~/server/db.server";
import { log } from "~/server/log.server";
import { phoneDigits } from "~/utils/phone";

/** Whether the number replied STOP (and not START since). */
export async function isOptedOut(phone: string): Promise<boolean> {
  const db = await database();
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return !!row;
}

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the auth token, over the full URL it called
 * followed by every POST parameter as name and value, sorted by name (several values of one name
 * sorted too), in base64.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  const signed = names.reduce(
    (text, name) =>
      text +
      [...params.getAll(name)]
        .sort()
        .map((value) => name + value)
        .join(""),
    url,
  );
  return createHmac("sha1", authToken).update(signed, "utf8").digest("base64");
}

/** Whether the header is the signature of this request; compared in constant time. */
export function verifyTwilioSignature(
  authToken: string | undefined,
  url: string,
  params: URLSearchParams,
  header: string | null,
): boolean {
  if (!authToken || !header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type Keyword = keyof typeof smsKeywords;

function keywordOf(body: string): Keyword | undefined {
  const word = body.trim().toLowerCase();
  return (Object.keys(smsKeywords) as Keyword[]).find((keyword) =>
    (smsKeywords[keyword] as readonly string[]).includes(word),
  );
}

export type ReceivedText =
  | { outcome: "replayed" }
  | { outcome: "stored"; keyword: Keyword | undefined; reply: string | undefined };

/**
 * Stores a text a customer sent, once per provider message id (a replayed request is refused),
 * filed under their latest repair with that number. STOP puts the number on the opt-out list,
 * START takes it off; HELP is answered with how to reach the shop. The reply, if any, goes back
 * in the webhook's answer, which the provider sends as a text.
 */
export async function receiveText(text: InboundText, origin: string): Promise<ReceivedText> {
  const db = await database();
  const from = text.From.startsWith("+") ? text.From : `+${text.From}`;
  const keyword = keywordOf(text.Body);
  const stored = await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.phoneDigits, phoneDigits(from)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(1);
    const [row] = await tx
      .insert(smsInbound)
      .values({
        providerId: text.MessageSid,
        fromPhone: from,
        bookingId: latest?.id ?? null,
        body: text.Body,
      })
      .onConflictDoNothing({ target: smsInbound.providerId })
      .returning({ id: smsInbound.id });
    if (!row) return false;
    if (keyword === "stop")
      await tx.insert(smsOptOuts).values({ phone: from }).onConflictDoNothing();
    if (keyword === "start") await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, from));
    return true;
  });
  if (!stored) return { outcome: "replayed" };
  log("info", "text received", { keyword: keyword ?? "none" });
  const replies: Record<Keyword, string | undefined> = {
    // The provider confirms a STOP itself, and nothing more may be sent to the number.
    stop: undefined,
    start: `${brand.name}: texts about your repair are back on. Reply STOP to stop them.`,
    help: `${brand.name} repair updates. Call ${contact.phone.display} or see ${origin}. Reply STOP to stop texts.`,
  };
  return { outcome: "stored", keyword, reply: keyword ? replies[keyword] : undefined };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The webhook's answer in TwiML: a reply text, or nothing to send. */
export const twiml = (reply: string | undefined) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ""}</Response>`;
