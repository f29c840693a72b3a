import { warrantyLinks } from "~/models/warranty-claim.server";
import { claimWords } from "~/utils/warranty";
import type { Booking } from "~/types/booking";
import type { RepairDetailView } from "~/types/repairs";

import { findCategory, urgencies } from "~/config/shop";

import { bookingReference, trackingUrl } from "~/utils/booking-reference";

import { statusLabels } from "~/utils/booking-status";

import { channelLabels, messageKindLabels, messageStatusLabels } from "~/utils/outbox-labels";

import { customerChannels } from "~/models/outbox-message.server";

import { formatPhone, smsNumber } from "~/utils/phone";

import { isOptedOut } from "~/models/sms-webhook.server";

import { trackedQuote } from "~/models/quote.server";

import { textConversation } from "~/models/sms-conversation.server";

import {
  bookingMessages,
  repairHistory,
  sameCustomerRepairs,
  type RepairHistoryEntry,
} from "~/models/booking-detail.server";

import { bookingDay, formatDay, getRepairRequest } from "~/models/booking-changes.server";
import {
  detailLabels,
  detailValueText,
  repairDetailFields,
  repairDetailsShown,
} from "~/utils/repair-details";
import { checklistLines } from "~/utils/intake-checklist";
import { repairNotesOf } from "~/models/repair-notes.server";
import { repairPhotos } from "~/models/photo.server";
import { photoKindLabels } from "~/utils/photo-limits";
import { formatCad } from "~/utils/price";
import { formatClockTime, formatLongDate, formatShopDateTime } from "~/utils/shop-time";

const device = (row: Pick<Booking, "deviceBrand" | "deviceModel">) =>
  [row.deviceBrand, row.deviceModel].filter(Boolean).join(" ");

const shown = (field: string, value: unknown) =>
  detailValueText(field, value === null || value === undefined ? null : String(value));

/** Who made an entry no staff account is recorded for (one deleted since, a command on the server). */
export const staffNotRecorded = "Staff member not recorded";

/**
 * Who made a history entry, in words: the first entry of an online booking is the customer's own.
 */
function author(entry: RepairHistoryEntry, first: boolean, row: Booking): string {
  if (entry.staff) return entry.staff;
  if (entry.kind === "status" && entry.byCustomer) return "Customer (tracking link)";
  if (first && entry.kind === "status")
    return row.source === "online" ? "Customer (online booking)" : "Entered at the counter";
  return staffNotRecorded;
}

function describeEntry(entry: RepairHistoryEntry) {
  if (entry.kind === "status")
    return {
      title: statusLabels[entry.status],
      status: entry.status,
      lines: entry.note ? [entry.note] : [],
    };
  // In the form's order: jsonb keeps no order of its own.
  const order = (field: string) => {
    const at = (repairDetailFields as readonly string[]).indexOf(field);
    return at === -1 ? repairDetailFields.length : at;
  };
  const changes = Object.entries(entry.details ?? {})
    .sort(([a], [b]) => order(a) - order(b))
    .map(([field, change]) => {
      const { from, to } = change as { from: unknown; to: unknown };
      if (field === "expectedDeliveryDate")
        return `Expected delivery: ${from ? formatDay(String(from)) : "none"} → ${to ? formatDay(String(to)) : "none"}`;
      const label = detailLabels[field as keyof typeof detailLabels] ?? field;
      return `${label[0]!.toUpperCase()}${label.slice(1)}: ${shown(field, from)} → ${shown(field, to)}`;
    });
  return {
    title: entry.action === "repair.edit" ? "Details corrected" : "Expected delivery changed",
    status: null,
    lines: changes,
  };
}

/**
 * Everything the repair page shows about one booking, formatted for display on the server (shop
 * time zone, phone format, labels), so the page renders the same with or without JavaScript.
 * Undefined when there is no such booking.
 */
export async function repairDetailView(
  id: number,
  origin: string,
): Promise<RepairDetailView | undefined> {
  const row = await getRepairRequest(id);
  if (!row) return undefined;
  const [history, notes, photos, related, messages, textsStopped, quote, conversation, warranty] =
    await Promise.all([
      repairHistory(id),
      repairNotesOf(id),
      repairPhotos(id),
      sameCustomerRepairs(row),
      bookingMessages(id),
      isOptedOut(smsNumber(row.phoneDigits)),
      trackedQuote(id),
      textConversation(id),
      warrantyLinks(id),
    ]);
  const channels = customerChannels(row);
  return {
    repair: {
      id: row.id,
      reference: bookingReference(row.id),
      status: row.status,
      statusLabel: statusLabels[row.status],
      firstName: row.firstName,
      lastName: row.lastName,
      customerName: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone,
      phoneDisplay: formatPhone(row.phoneDigits),
      phoneDigits: row.phoneDigits,
      category: findCategory(row.deviceCategory)?.title ?? row.deviceCategory,
      deviceBrand: row.deviceBrand,
      deviceModel: row.deviceModel,
      issueType: row.issueType,
      issueDescription: row.issueDescription,
      urgency: row.urgency,
      urgencyLabel: urgencies.find((u) => u.value === row.urgency)?.label ?? row.urgency,
      walkIn: row.source === "walk_in",
      quotedPrice: row.quotedPrice === null ? null : formatCad(row.quotedPrice),
      deviceCondition: row.deviceCondition,
      accessories: row.accessories,
      passcodeWithheld: row.passcodeWithheld,
      checklist: checklistLines(row.intakeChecklist),
      notifyByLabel:
        channels.email && channels.sms
          ? "E-mail and text"
          : channels.sms
            ? "Text"
            : channels.email
              ? "E-mail"
              : "E-mail, but no address was given",
      reviewOptIn: row.reviewOptIn,
      textsStopped,
      appointmentDate: formatLongDate(row.preferredDate),
      // A walk-in's is the minute it came in (13:24), shown as every time is: 1:24 PM.
      appointmentTime: formatClockTime(row.preferredTime),
      createdAt: formatShopDateTime(row.createdAt),
      updatedAt: formatShopDateTime(row.updatedAt),
      note: row.customerNote,
      expectedDeliveryDate: row.expectedDeliveryDate,
      expectedDeliveryLabel: row.expectedDeliveryDate ? formatDay(row.expectedDeliveryDate) : null,
      bookingDayLabel: formatDay(bookingDay(row)),
      trackingUrl: trackingUrl(origin, row.trackingToken),
      trackingPath: `/track-repair/${row.trackingToken}`,
      version: row.version,
    },
    details: repairDetailsShown(row),
    quote: quote ?? null,
    conversation,
    history: history.map((entry, index) => ({
      id: entry.id,
      at: formatShopDateTime(entry.at),
      iso: entry.at.toISOString(),
      by: author(entry, index === 0, row),
      ...describeEntry(entry),
    })),
    privateNotes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      by: note.staff ?? staffNotRecorded,
      at: formatShopDateTime(note.at),
      iso: note.at.toISOString(),
    })),
    photos: photos.flatMap((photo) =>
      photo.kind === "shop" || photo.kind === "stock"
        ? []
        : [
            {
              publicId: photo.publicId,
              kind: photo.kind,
              kindLabel: photoKindLabels[photo.kind],
              caption: photo.caption,
              width: photo.width,
              height: photo.height,
              showCustomer: photo.showCustomer,
              by: photo.staff ?? staffNotRecorded,
              at: formatShopDateTime(photo.at),
              iso: photo.at.toISOString(),
            },
          ],
    ),
    warrantyLinks: {
      claims: warranty.claims.map((claim) => ({
        id: claim.claimBookingId,
        text: `${bookingReference(claim.claimBookingId)} (${claimWords(claim)})`,
      })),
      claimOf: warranty.claimOf
        ? {
            id: warranty.claimOf.originalBookingId,
            text: `${bookingReference(warranty.claimOf.originalBookingId)} (${claimWords(warranty.claimOf)})`,
          }
        : null,
    },
    related: related.map((r) => ({
      id: r.id,
      reference: bookingReference(r.id),
      status: r.status,
      device: device(r) || (findCategory(r.deviceCategory)?.title ?? r.deviceCategory),
      issueType: r.issueType,
      createdAt: formatShopDateTime(r.createdAt),
    })),
    messages: messages.map((m) => ({
      id: m.id,
      kind: messageKindLabels[m.kind],
      channel: channelLabels[m.channel],
      recipient: m.recipient,
      status: m.status,
      statusLabel: messageStatusLabels[m.status],
      attempts: m.attempts,
      createdAt: formatShopDateTime(m.createdAt),
      sentAt: m.sentAt ? formatShopDateTime(m.sentAt) : null,
      /** Why it was withdrawn (a STOP, a reminder the repair moved past). */
      withdrawnBecause: m.status === "cancelled" ? m.lastError : null,
    })),
  };
}
