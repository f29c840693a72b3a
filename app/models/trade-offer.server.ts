import { createHash, createHmac, randomInt } from "node:crypto";
import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { buybackOffers, buybackPrices, outbox } from "#db/schema";
import { trade } from "~/config/shop";
import { tradeOfferMail, tradeOfferText, type OfferNews } from "~/mail/trade-offer-mail";
import { recordAudit } from "~/models/audit.server";
import { slotIsFull, slotLock } from "~/models/booking-slot.server";
import { deviceName } from "~/models/buyback-grid.server";
import { wakeMailWorker, withinRecipientLimits } from "~/models/outbox-message.server";
import type { OfferContactInput } from "~/schemas/trade-offer";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";
import type { OfferStatus } from "~/types/trade";
import type { OfferState } from "~/utils/offer-state";
import { phoneDigits, smsNumber } from "~/utils/phone";
import { containsPattern, looksLikePhone, typedPhoneDigits } from "~/utils/search";
import { textSendAfter } from "~/utils/sms-quiet-hours";
import { addDays, shopInstant, shopToday } from "~/utils/shop-time";
import { computeOffer, type OfferResult } from "~/utils/trade-offer";

export type TradeOffer = typeof buybackOffers.$inferSelect;

/** An offer with whether its date has passed (an open offer past `expires_at` is expired). */
export type TradeOfferView = TradeOffer & { expired: boolean };

const withExpiry = (offer: TradeOffer, now = new Date()): TradeOfferView => ({
  ...offer,
  expired: offer.status === "open" && offer.expiresAt <= now,
});

/** Letters and digits no one misreads on a phone or a receipt: no 0/O, 1/I/L. */
const referenceAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "T-7KX3QM": what the seller quotes at the counter. */
function newReference() {
  let code = "";
  for (let i = 0; i < 6; i++) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return `T-${code}`;
}

/**
 * The offer's secret link token, derived from its stored submission key by the server's secret:
 * a retry under the same key (a double tap, the offline queue) is shown the same link, while
 * only its SHA-256 is stored.
 */
const offerToken = (storedKey: string) =>
  createHmac("sha256", settings().sessionSecret)
    .update(`trade-offer:${storedKey}`)
    .digest("base64url");

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

const offerPath = (token: string) => `/sell/offer/${token}`;

/** The date an offer made today is good until (inclusive), and the instant it lapses. */
export function offerValidity(now = new Date()) {
  const validUntil = addDays(shopToday(now), trade.offerValidDays);
  return { validUntil, expiresAt: shopInstant(addDays(validUntil, 1), 0) };
}

/** The last day an offer is good for, as the seller reads it. */
export const validUntilOf = (offer: Pick<TradeOffer, "expiresAt">) =>
  shopToday(new Date(offer.expiresAt.getTime() - 1));

/** Works out the offer for a device the grid prices: undefined when the grid has no such row. */
async function gridOffer(tx: Transaction, input: OfferContactInput) {
  const [row] = await tx
    .select()
    .from(buybackPrices)
    .where(
      and(
        eq(buybackPrices.category, input.category),
        sql`lower(${buybackPrices.brand}) = lower(${input.brand})`,
        sql`lower(${buybackPrices.model}) = lower(${input.model})`,
        sql`lower(${buybackPrices.storage}) = lower(${input.storage})`,
      ),
    );
  return row && { row, result: computeOffer(row, input) };
}

const newsOf = (offer: TradeOffer, origin: string, token: string): OfferNews => ({
  reference: offer.reference,
  device: deviceName(offer),
  grade: offer.grade,
  offerCents: offer.offerCents,
  validUntil: validUntilOf(offer),
  dropOffDate: offer.dropOffDate,
  dropOffTime: offer.dropOffTime,
  name: offer.name,
  link: `${origin}${offerPath(token)}`,
});

/**
 * The offer by the channels the seller ticked, counted against each recipient's limits (the form
 * is public: it must not flood a stranger's inbox or phone).
 */
async function queueOfferNotice(tx: Transaction, offer: TradeOffer, news: OfferNews, now: Date) {
  const rows: (typeof outbox.$inferInsert)[] = [];
  const wants = (channel: "email" | "sms") =>
    offer.notifyBy === channel || offer.notifyBy === "both";
  if (wants("email") && offer.email) {
    const mail = tradeOfferMail(news);
    rows.push({
      kind: "trade_offer",
      recipient: offer.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
  }
  if (wants("sms") && offer.phoneDigits)
    rows.push({
      kind: "trade_offer",
      channel: "sms",
      recipient: smsNumber(offer.phoneDigits),
      textBody: tradeOfferText(news),
      nextAttemptAt: textSendAfter(now),
    });
  if (!rows.length) return false;
  await tx.insert(outbox).values(await withinRecipientLimits(tx, rows));
  return true;
}

export type CreateOfferResult =
  | { outcome: "created" | "replayed"; offer: TradeOffer; path: string }
  | { outcome: "not_priced" }
  /** The drop-off time's slot holds as many bookings and drop-offs as it can. */
  | { outcome: "slot_full" }
  | Exclude<OfferResult, { outcome: "offer" }>;

/**
 * Keeps an instant offer, worked out again from the grid as it is now (never the amount the page
 * showed), once per submission key (`submissionKey`: the stored digest): a retry is `replayed`
 * with the same offer and link. The e-mail or text goes in the same transaction. A drop-off time
 * takes a place in its booking slot as a booking does, under the same lock and held to the same
 * capacity (app/models/booking-slot.server.ts), so the last place goes to one of them only.
 */
export async function createOffer(
  input: OfferContactInput,
  origin: string,
  now = new Date(),
): Promise<CreateOfferResult> {
  const db = await database();
  const token = offerToken(input.submissionKey);
  const path = offerPath(token);
  const { dropOffDate: date, dropOffTime: time } = input;
  const created = await db.transaction(async (tx): Promise<CreateOfferResult> => {
    // Taken first, so a retry racing the first send of its offer waits for it and finds it kept.
    if (date && time) await tx.execute(sql`select ${slotLock(date, time)}`);
    const [earlier] = await tx
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.submissionKey, input.submissionKey));
    if (earlier) return { outcome: "replayed", offer: earlier, path };
    const priced = await gridOffer(tx, input);
    if (!priced) return { outcome: "not_priced" };
    if (priced.result.outcome !== "offer") return priced.result;
    if (date && time && (await slotIsFull(tx, date, time))) return { outcome: "slot_full" };
    const { expiresAt } = offerValidity(now);
    const [offer] = await tx
      .insert(buybackOffers)
      .values({
        reference: newReference(),
        tokenHash: tokenHash(token),
        submissionKey: input.submissionKey,
        priceId: priced.row.id,
        category: priced.row.category,
        brand: priced.row.brand,
        model: priced.row.model,
        storage: priced.row.storage,
        answers: {
          powersOn: input.powersOn,
          screen: input.screen,
          body: input.body,
          battery: input.battery,
          partsWork: input.partsWork,
          accountLocked: input.accountLocked,
          carrierLocked: input.carrierLocked,
        },
        grade: priced.result.grade,
        offerCents: priced.result.offerCents,
        expiresAt,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        phoneDigits: input.phone ? phoneDigits(input.phone) : null,
        notifyBy: input.notifyBy,
        dropOffDate: input.dropOffDate,
        dropOffTime: input.dropOffTime,
      })
      .onConflictDoNothing({ target: buybackOffers.submissionKey })
      .returning();
    // The same key stored meanwhile by a request racing this one: that offer is this one.
    if (!offer)
      return { outcome: "replayed", offer: (await offerByKey(tx, input.submissionKey))!, path };
    await queueOfferNotice(tx, offer, newsOf(offer, origin, token), now);
    return { outcome: "created", offer, path };
  });
  if (created.outcome === "created") wakeMailWorker();
  return created;
}

async function offerByKey(tx: Transaction, storedKey: string) {
  const [row] = await tx
    .select()
    .from(buybackOffers)
    .where(eq(buybackOffers.submissionKey, storedKey));
  return row;
}

/** Where the offer stored under a submission key shows, for the offline queue's landed door. */
export async function landedOffer(storedKey: string): Promise<{ location: string } | undefined> {
  const db = await database();
  const [row] = await db
    .select({ id: buybackOffers.id })
    .from(buybackOffers)
    .where(eq(buybackOffers.submissionKey, storedKey));
  return row && { location: offerPath(offerToken(storedKey)) };
}

/** The offer behind a secret link, or undefined. */
export async function offerByToken(token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const db = await database();
  const [row] = await db
    .select()
    .from(buybackOffers)
    .where(eq(buybackOffers.tokenHash, tokenHash(token)));
  return row && withExpiry(row, now);
}

/**
 * The offer a seller quotes at the counter ("T-7KX3QM", any case, spaces ignored), with whether
 * it has expired: what the counter purchase reads.
 */
export async function findOfferByReference(
  reference: string,
  now = new Date(),
): Promise<TradeOfferView | undefined> {
  const normal = reference.replace(/\s+/g, "").toUpperCase();
  if (!/^T-[A-Z0-9]{6}$/.test(normal)) return undefined;
  const db = await database();
  const [row] = await db.select().from(buybackOffers).where(eq(buybackOffers.reference, normal));
  return row && withExpiry(row, now);
}

export async function getOffer(id: number, now = new Date()) {
  const db = await database();
  const [row] = await db.select().from(buybackOffers).where(eq(buybackOffers.id, id));
  return row && withExpiry(row, now);
}

function stateWhere(state: OfferState | undefined, now: Date): SQL | undefined {
  if (state === "open")
    return and(eq(buybackOffers.status, "open"), gt(buybackOffers.expiresAt, now));
  if (state === "expired")
    return and(eq(buybackOffers.status, "open"), lte(buybackOffers.expiresAt, now));
  return state ? eq(buybackOffers.status, state) : undefined;
}

function searchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = looksLikePhone(q) ? typedPhoneDigits(q) : "";
  return or(
    ilike(buybackOffers.reference, containsPattern(q.replace(/\s+/g, ""))),
    ilike(buybackOffers.name, containsPattern(q)),
    digits ? ilike(buybackOffers.phoneDigits, containsPattern(digits)) : undefined,
  );
}

export const offerPageSize = 25;

/** Offers received, newest first, one page of them and how many match. */
export async function listOffers(
  filter: { q?: string; state?: OfferState; page: number },
  now = new Date(),
) {
  const db = await database();
  const where = and(stateWhere(filter.state, now), searchWhere(filter.q));
  const [total] = await db.select({ n: count() }).from(buybackOffers).where(where);
  const rows = await db
    .select()
    .from(buybackOffers)
    .where(where)
    .orderBy(desc(buybackOffers.createdAt), desc(buybackOffers.id))
    .limit(offerPageSize)
    .offset((filter.page - 1) * offerPageSize);
  return { total: total?.n ?? 0, offers: rows.map((row) => withExpiry(row, now)) };
}

/** Open offers whose seller said they would drop the device off today: the menu's count. */
export async function countOffersDueToday(now = new Date()): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(buybackOffers)
    .where(
      and(
        eq(buybackOffers.dropOffDate, shopToday(now)),
        eq(buybackOffers.status, "open"),
        gt(buybackOffers.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

export type OfferStatusResult =
  | { outcome: "saved"; offer: TradeOffer }
  | { outcome: "not_found" }
  | { outcome: "not_open"; offer: TradeOffer };

/**
 * Staff decline or cancel an open offer: one conditional update (`status = 'open'`), so two staff,
 * or a counter purchase reading the offer at the same moment, never both change it.
 */
export async function closeOffer(
  id: number,
  status: Extract<OfferStatus, "declined" | "cancelled">,
  staffId: number,
): Promise<OfferStatusResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .update(buybackOffers)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(buybackOffers.id, id), eq(buybackOffers.status, "open")))
      .returning();
    if (!offer) {
      const [current] = await tx.select().from(buybackOffers).where(eq(buybackOffers.id, id));
      return current ? { outcome: "not_open", offer: current } : { outcome: "not_found" };
    }
    await recordAudit(tx, staffId, {
      action: "trade_offer.status",
      entity: "trade_offer",
      entityId: id,
      summary: `Trade-in offer ${offer.reference}: open → ${status}`,
      details: { before: { status: "open" }, after: { status } },
    });
    return { outcome: "saved", offer };
  });
}
