import type { AppLoadContext } from "react-router";
import { and, asc, count, desc, eq, lte, sql } from "drizzle-orm";
import { stockDevices, stockReservations } from "#db/schema";
import type { Database } from "#db/client";
import { trade } from "~/config/shop";
import {
  reservationAlertMail,
  reservationMail,
  reservationText,
  type ReservationNews,
} from "~/mail/reservation-mails";
import { recordAudit } from "~/models/audit.server";
import {
  queueShopMail,
  queueVisitorMessages,
  wakeMailWorker,
} from "~/models/outbox-message.server";
import { isAvailable } from "~/models/shop-listing.server";
import type { ReservationInput } from "~/schemas/reservation";
import { database } from "~/server/db.server";
import { submitPublicForm, type Refusal } from "~/server/public-form.server";
import type { SubmissionDoor } from "~/server/submission.server";
import type { ReservationStatus } from "~/types/trade";
import { formatPhone, phoneDigits, smsNumber } from "~/utils/phone";
import { newReservationReference } from "~/utils/shop-device";
import { textSendAfter } from "~/utils/sms-quiet-hours";

/*
 * "Reserve for pickup" (issue 33, decision 0072). Holding a device is one conditional UPDATE of
 * its stock_devices row, so two reservations, or a reservation and a counter sale, arriving at the
 * same moment on any instances cannot both win: Postgres lets one through and the other finds the
 * row changed.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type ReserveResult =
  | { outcome: "reserved" | "replayed"; reference: string; expiresAt: Date }
  | { outcome: "unknown" }
  /** Someone else holds it, or it was sold. */
  | { outcome: "taken" };

const deviceNews = {
  publicId: stockDevices.publicId,
  brand: stockDevices.brand,
  model: stockDevices.model,
  storage: stockDevices.storage,
  grade: stockDevices.grade,
  priceCents: stockDevices.priceCents,
};

/** A hold whose time has run out is marked expired, so a new one may be made on that device. */
export async function expireLapsedHolds(tx: Pick<Tx, "update">, stockDeviceId: number) {
  await tx
    .update(stockReservations)
    .set({ status: "expired", updatedAt: sql`now()` })
    .where(
      and(
        eq(stockReservations.stockDeviceId, stockDeviceId),
        eq(stockReservations.status, "held"),
        lte(stockReservations.expiresAt, sql`now()`),
      ),
    );
}

/** The reservation already made under this form's key, when there is one. */
async function earlierUnder(submissionKey: string) {
  const db = await database();
  const [row] = await db
    .select({ reference: stockReservations.reference, expiresAt: stockReservations.expiresAt })
    .from(stockReservations)
    .where(eq(stockReservations.submissionKey, submissionKey));
  return row;
}

/**
 * Holds the device for `trade.reservationHours` for the customer, with their reference by the
 * channels they chose and an alert to the shop, all in one transaction. The same form sent again
 * (its key as stored) is the same reservation.
 */
export async function reserveDevice(
  publicId: string,
  { submissionKey, website: _honeypot, ...input }: ReservationInput,
  origin: string,
): Promise<ReserveResult> {
  const earlier = await earlierUnder(submissionKey);
  if (earlier) return { outcome: "replayed", ...earlier };
  const db = await database();
  const [device] = await db
    .select({ id: stockDevices.id })
    .from(stockDevices)
    .where(eq(stockDevices.publicId, publicId));
  if (!device) return { outcome: "unknown" };
  const digits = input.phone ? phoneDigits(input.phone) : null;
  const stored = await db.transaction(async (tx) => {
    await expireLapsedHolds(tx, device.id);
    const [held] = await tx
      .update(stockDevices)
      .set({
        state: "reserved",
        reservedUntil: sql`now() + make_interval(hours => ${trade.reservationHours})`,
        version: sql`${stockDevices.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(stockDevices.id, device.id), isAvailable()))
      .returning({ ...deviceNews, reservedUntil: stockDevices.reservedUntil });
    if (!held) return undefined;
    const [reservation] = await tx
      .insert(stockReservations)
      .values({
        stockDeviceId: device.id,
        reference: newReservationReference(),
        submissionKey,
        name: input.name,
        email: input.email ?? null,
        phone: digits ? formatPhone(digits) : null,
        notifyBy: input.notifyBy,
        expiresAt: held.reservedUntil!,
      })
      .returning();
    const news: ReservationNews = { ...reservation!, device: held };
    await queueVisitorMessages(tx, [
      ...(input.notifyBy !== "sms" && input.email
        ? [{ kind: "reservation" as const, recipient: input.email, ...mailRow(news, origin) }]
        : []),
      ...(input.notifyBy !== "email" && digits
        ? [
            {
              kind: "reservation" as const,
              channel: "sms" as const,
              recipient: smsNumber(digits),
              textBody: reservationText(news),
              nextAttemptAt: textSendAfter(new Date()),
            },
          ]
        : []),
    ]);
    await queueShopMail(tx, "reservation_alert", reservationAlertMail(news, origin));
    return { reference: reservation!.reference, expiresAt: reservation!.expiresAt };
  });
  if (stored) {
    wakeMailWorker();
    return { outcome: "reserved", ...stored };
  }
  // The same form sent twice at once: the other copy made the reservation.
  const meanwhile = await earlierUnder(submissionKey);
  return meanwhile ? { outcome: "replayed", ...meanwhile } : { outcome: "taken" };
}

const mailRow = (news: ReservationNews, origin: string) => {
  const { subject, text, html } = reservationMail(news, origin);
  return { subject, textBody: text, htmlBody: html };
};

/** A reservation from the device page's form: refused as spam, over the limit, or made. */
export function submitReservation(
  publicId: string,
  input: ReservationInput,
  context: AppLoadContext,
  origin: string,
  door: SubmissionDoor = "form",
): Promise<ReserveResult | Refusal> {
  return submitPublicForm(input, context, door, (keyed) => reserveDevice(publicId, keyed, origin));
}

/** What the confirmation page shows: no one's name or contact, only the device and the time. */
export async function reservationConfirmation(reference: string) {
  const db = await database();
  const [row] = await db
    .select({
      reference: stockReservations.reference,
      status: stockReservations.status,
      expiresAt: stockReservations.expiresAt,
      device: deviceNews,
    })
    .from(stockReservations)
    .innerJoin(stockDevices, eq(stockDevices.id, stockReservations.stockDeviceId))
    .where(eq(stockReservations.reference, reference));
  return row;
}

/** A reservation as staff see it, with its status as of now (a held one past its time: expired). */
export type StaffReservation = {
  id: number;
  reference: string;
  status: ReservationStatus;
  name: string;
  email: string | null;
  phone: string | null;
  expiresAt: Date;
  createdAt: Date;
  device: { publicId: string; brand: string; model: string; storage: string; priceCents: number };
};

const statusNow = sql<ReservationStatus>`(case when ${stockReservations.status} = 'held' and ${stockReservations.expiresAt} <= now() then 'expired' else ${stockReservations.status}::text end)`;

/** Held ones first, soonest to run out first; then the rest, newest first. */
export async function listReservations(limit = 200): Promise<StaffReservation[]> {
  const db = await database();
  return db
    .select({
      id: stockReservations.id,
      reference: stockReservations.reference,
      status: statusNow,
      name: stockReservations.name,
      email: stockReservations.email,
      phone: stockReservations.phone,
      expiresAt: stockReservations.expiresAt,
      createdAt: stockReservations.createdAt,
      device: {
        publicId: stockDevices.publicId,
        brand: stockDevices.brand,
        model: stockDevices.model,
        storage: stockDevices.storage,
        priceCents: stockDevices.priceCents,
      },
    })
    .from(stockReservations)
    .innerJoin(stockDevices, eq(stockDevices.id, stockReservations.stockDeviceId))
    .orderBy(
      sql`${statusNow} = 'held' desc`,
      sql`case when ${statusNow} = 'held' then ${stockReservations.expiresAt} end asc`,
      desc(stockReservations.createdAt),
      asc(stockReservations.id),
    )
    .limit(limit);
}

/** Reservations still held now: the admin menu's counter. */
export async function countHeldReservations(): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(stockReservations)
    .where(and(eq(stockReservations.status, "held"), sql`${stockReservations.expiresAt} > now()`));
  return row?.n ?? 0;
}

/**
 * Cancels a held reservation and puts its device back on sale, audited. False when it is no longer
 * held (collected, cancelled or run out meanwhile): nothing changed.
 */
export async function cancelReservation(id: number, staffId: number): Promise<boolean> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(stockReservations)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(
        and(
          eq(stockReservations.id, id),
          eq(stockReservations.status, "held"),
          sql`${stockReservations.expiresAt} > now()`,
        ),
      )
      .returning();
    if (!cancelled) return false;
    await tx
      .update(stockDevices)
      .set({
        state: "for_sale",
        reservedUntil: null,
        version: sql`${stockDevices.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(stockDevices.id, cancelled.stockDeviceId), eq(stockDevices.state, "reserved")));
    await recordAudit(tx, staffId, {
      action: "reservation.cancel",
      entity: "stock_reservation",
      entityId: cancelled.id,
      summary: `${cancelled.reference} cancelled: the device is back for sale`,
    });
    return true;
  });
}
