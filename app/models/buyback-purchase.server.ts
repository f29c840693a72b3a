import { and, count, desc, eq, gt, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { buybackOffers, buybackPurchases, staffUsers, stockDevices } from "#db/schema";
import { timeZone, trade } from "~/config/shop";
import { recordAudit } from "~/models/audit.server";
import { newStockPublicId } from "~/utils/shop-device";
import { findOfferByReference } from "~/models/trade-offer.server";
import type { PurchaseInput } from "~/schemas/buyback-purchase";
import type { PurchaseRecordView } from "~/types/purchase-record";
import { database } from "~/server/db.server";
import { seal } from "~/server/secret-box.server";
import { storedSubmissionKey } from "~/server/submission.server";
import { formatCents } from "~/utils/invoice-totals";
import { formatPhone, phoneDigits } from "~/utils/phone";
import { containsPattern } from "~/utils/search";
import { idLast4 } from "~/utils/seller-id";
import { addDays, shopToday } from "~/utils/shop-time";

/** A purchase the shop's rules refuse: the message says why, in the counter's words. */
export class PurchaseRefused extends Error {}

/** Paid less than the online offer with no reason given: the reason is what the seller reads. */
export class LowerWithoutReason extends Error {
  constructor(offeredCents: number) {
    super(
      `This is less than the online offer of ${formatCents(offeredCents)}: please write the reason the seller will read.`,
    );
  }
}

/**
 * The context the ID number is sealed under: the purchase's own stored form key, so a sealed
 * number copied onto another purchase does not open.
 */
export const sellerIdContext = (storedKey: string) => `buyback purchase id ${storedKey}`;

/** What the counter form shows of an online offer, and whether it can still be bought. */
export async function offerForCounter(reference: string, now = new Date()) {
  const offer = await findOfferByReference(reference, now);
  return offer && { ...offer, refusal: offerRefusal(offer, now) };
}

/** Why an offer cannot be bought (already bought, declined, past its date), or undefined. */
function offerRefusal(
  offer: Pick<typeof buybackOffers.$inferSelect, "reference" | "status" | "expiresAt">,
  now: Date,
) {
  if (offer.status === "purchased") return `Offer ${offer.reference} has already been bought.`;
  if (offer.status !== "open") return `Offer ${offer.reference} was ${offer.status}.`;
  if (offer.expiresAt <= now)
    return `Offer ${offer.reference} has expired: make a fresh purchase instead.`;
  return undefined;
}

/**
 * Takes the offer for this purchase: one conditional UPDATE, so of two counters buying it at once
 * only one finds it still open (decision 0072). Refused with the reason otherwise.
 */
async function takeOffer(tx: Tx, reference: string, now: Date) {
  const [taken] = await tx
    .update(buybackOffers)
    .set({ status: "purchased", updatedAt: now })
    .where(
      and(
        eq(buybackOffers.reference, reference.toUpperCase()),
        eq(buybackOffers.status, "open"),
        gt(buybackOffers.expiresAt, now),
      ),
    )
    .returning({ id: buybackOffers.id, offerCents: buybackOffers.offerCents });
  return taken;
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof database>>["transaction"]>[0]>[0];

async function purchaseByKey(tx: Tx, storedKey: string) {
  const [earlier] = await tx
    .select()
    .from(buybackPurchases)
    .where(eq(buybackPurchases.submissionKey, storedKey));
  return earlier;
}

/**
 * Buys a device at the counter (decision 0072): the purchase, its device in stock (refurbishing,
 * its cost the amount paid, listed no sooner than the hold period allows) and the offer marked
 * purchased, in one transaction. The form's key makes a double tap one purchase (the earlier one
 * is returned); undefined when the key is not one the server issued.
 */
export async function recordPurchase(
  input: PurchaseInput,
  formKey: string,
  staffId: number,
  now = new Date(),
) {
  const storedKey = storedSubmissionKey("form", formKey);
  if (!storedKey) return undefined;
  const db = await database();
  return db.transaction(async (tx) => {
    let offer: Awaited<ReturnType<typeof takeOffer>>;
    if (input.offer) {
      offer = await takeOffer(tx, input.offer, now);
      if (!offer) {
        // The same form sent again after its purchase took the offer: that purchase, once.
        const earlier = await purchaseByKey(tx, storedKey);
        if (earlier) return earlier;
        const [current] = await tx
          .select()
          .from(buybackOffers)
          .where(eq(buybackOffers.reference, input.offer.toUpperCase()));
        throw new PurchaseRefused(
          current ? offerRefusal(current, now) : `There is no offer ${input.offer}.`,
        );
      }
      if (input.paidCents < offer.offerCents && !input.lowerReason)
        throw new LowerWithoutReason(offer.offerCents);
    }
    const today = shopToday(now);
    const holdUntil = addDays(today, trade.holdDays);
    const [created] = await tx
      .insert(buybackPurchases)
      .values({
        offerId: offer?.id ?? null,
        submissionKey: storedKey,
        sellerName: input.sellerName,
        sellerPhone: formatPhone(phoneDigits(input.sellerPhone)),
        idType: input.idType,
        idNumberSealed: seal(input.idNumber, sellerIdContext(storedKey)),
        idNumberLast4: idLast4(input.idNumber),
        idKeptUntil: addDays(today, trade.sellerIdKeptDays),
        category: input.category,
        brand: input.brand,
        model: input.model,
        storage: input.storage ?? "",
        colour: input.colour ?? null,
        imei: input.identifier.kind === "imei" ? input.identifier.value : null,
        serialNumber: input.identifier.kind === "serial" ? input.identifier.value : null,
        blocklistClear: true,
        blocklistCheckedAt: now,
        blocklistCheckedBy: staffId,
        grade: input.grade,
        offeredCents: offer?.offerCents ?? null,
        paidCents: input.paidCents,
        // A reason only means something beside a lower amount.
        lowerReason: offer && input.paidCents < offer.offerCents ? input.lowerReason : null,
        payoutMethod: input.payoutMethod,
        payoutReference: input.payoutReference ?? null,
        declarationName: input.declarationName,
        signature: input.signature ?? null,
        declaredAt: now,
        holdUntil,
        purchasedBy: staffId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: buybackPurchases.submissionKey })
      .returning();
    if (!created) return (await purchaseByKey(tx, storedKey))!;
    const [stock] = await tx
      .insert(stockDevices)
      .values({
        publicId: newStockPublicId(),
        purchaseId: created.id,
        category: created.category,
        brand: created.brand,
        model: created.model,
        storage: created.storage,
        colour: created.colour,
        grade: created.grade,
        imei: created.imei,
        serialNumber: created.serialNumber,
        // Not priced yet: staff set the price before moving it to For sale.
        priceCents: 0,
        costCents: created.paidCents,
        warrantyMonths: trade.defaultWarrantyMonths,
        availableFrom: holdUntil,
        acquiredAt: now,
        createdBy: staffId,
      })
      .returning({ id: stockDevices.id });
    await recordAudit(tx, staffId, {
      action: "purchase.create",
      entity: "purchase",
      entityId: created.id,
      summary: `Bought ${created.brand} ${created.model} from ${created.sellerName} for ${formatCents(created.paidCents)}${input.offer ? ` (offer ${input.offer.toUpperCase()})` : ""}; stock device ${stock!.id}`,
    });
    return created;
  });
}

/** One purchase with the names of who bought it and who checked the blocklist. */
export async function purchaseRecord(id: number): Promise<PurchaseRecordView | undefined> {
  const db = await database();
  const [row] = await db
    .select({
      purchase: buybackPurchases,
      purchasedBy: staffUsers.username,
      offerReference: buybackOffers.reference,
      stockId: stockDevices.id,
    })
    .from(buybackPurchases)
    .leftJoin(staffUsers, eq(staffUsers.id, buybackPurchases.blocklistCheckedBy))
    .leftJoin(buybackOffers, eq(buybackOffers.id, buybackPurchases.offerId))
    .leftJoin(stockDevices, eq(stockDevices.purchaseId, buybackPurchases.id))
    .where(eq(buybackPurchases.id, id));
  if (!row) return undefined;
  // The sealed number never leaves this module: the pages show the last four only.
  const { idNumberSealed: sealed, submissionKey: _key, ...purchase } = row.purchase;
  return {
    ...purchase,
    idKept: sealed !== null,
    checkedBy: row.purchasedBy,
    offerReference: row.offerReference,
    stockId: row.stockId,
  };
}

/** The search: a name, or digits found in the phone, the IMEI or the serial number. */
function purchaseSearch(q: string): SQL | undefined {
  const words = q.trim();
  if (!words) return undefined;
  const digits = words.replace(/\D/g, "");
  const byName = ilike(buybackPurchases.sellerName, containsPattern(words));
  if (digits.length < 3 || /[a-z]/i.test(words.replace(/[\s()+-]/g, "").replace(/\d/g, "")))
    return or(byName, ilike(buybackPurchases.serialNumber, containsPattern(words)));
  return or(
    byName,
    sql`regexp_replace(${buybackPurchases.sellerPhone}, '[^0-9]', '', 'g') LIKE ${containsPattern(digits)}`,
    ilike(buybackPurchases.imei, containsPattern(digits)),
    ilike(buybackPurchases.serialNumber, containsPattern(digits)),
  );
}

/** The purchases, newest first, found by name, phone, IMEI or serial, and by the day bought. */
export async function listPurchases(
  { q, on }: { q?: string; on?: string },
  limit: number,
  offset: number,
) {
  const db = await database();
  const where = and(
    q ? purchaseSearch(q) : undefined,
    on
      ? sql`(${buybackPurchases.createdAt} AT TIME ZONE ${sql.raw(`'${timeZone}'`)})::date = ${on}`
      : undefined,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: buybackPurchases.id,
        createdAt: buybackPurchases.createdAt,
        sellerName: buybackPurchases.sellerName,
        sellerPhone: buybackPurchases.sellerPhone,
        brand: buybackPurchases.brand,
        model: buybackPurchases.model,
        storage: buybackPurchases.storage,
        imei: buybackPurchases.imei,
        serialNumber: buybackPurchases.serialNumber,
        grade: buybackPurchases.grade,
        paidCents: buybackPurchases.paidCents,
        payoutMethod: buybackPurchases.payoutMethod,
      })
      .from(buybackPurchases)
      .where(where)
      .orderBy(desc(buybackPurchases.createdAt), desc(buybackPurchases.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(buybackPurchases).where(where),
  ]);
  return { total: counted?.n ?? 0, items };
}

/**
 * Erases the sealed ID numbers kept past their day (`id_kept_until`, the shop's retention period
 * from the purchase): only the masked last four remain. Run by the server's periodic jobs; the
 * count is how many were erased.
 */
export async function eraseExpiredSellerIds(now = new Date()): Promise<number> {
  const db = await database();
  const erased = await db
    .update(buybackPurchases)
    .set({ idNumberSealed: null })
    .where(
      and(
        isNotNull(buybackPurchases.idNumberSealed),
        lt(buybackPurchases.idKeptUntil, shopToday(now)),
      ),
    )
    .returning({ id: buybackPurchases.id });
  if (erased.length)
    await recordAudit(db, null, {
      action: "purchase.id_erased",
      entity: "purchase",
      summary: `Seller ID numbers erased after the retention period: ${erased.length} purchase(s)`,
    });
  return erased.length;
}
