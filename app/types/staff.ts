import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/content/messages/form-messages";
import type { ChangedMeanwhile } from "~/types/repairs";

// The staff accounts page's answers and the audit trail's entries.

/**
 * A password the owner passes on by hand: in this one answer, never in a URL, a log or the trail.
 */
export type ShownPassword = { username: string; password: string; created: boolean };

export type StaffOutcome = {
  intent: string;
  /** The account whose form answered, so its error shows beside it. */
  id?: number;
  result: SubmissionResult<string[]>;
  toast?: ToastMessage;
  shown?: ShownPassword;
  /** A change refused because the account changed meanwhile: its version now and what changed. */
  conflict?: ChangedMeanwhile;
};

/** A live session as the Staff page and Account & Security list it. */
export type SessionView = {
  /** Opaque: names the session in the End form, and is not its token or token hash. */
  ref: string;
  /** "Chrome on Android"; an API token says so. */
  device: string;
  signedIn: string;
  lastSeen: string;
  /** The browser looking at the page. */
  current: boolean;
};

export type AuditAction =
  | "repair.status"
  | "repair.edit"
  | "walk_in.create"
  | "quote.create"
  | "text.reply"
  | "repair.private_note"
  | "repair.photos_added"
  | "repair.photo_shown"
  | "repair.photo_hidden"
  | "repair.photo_deleted"
  | "customer.edit"
  | "customer.contact"
  | "customer.merge"
  | "price_item.create"
  | "price_item.update"
  | "price_item.delete"
  | "staff.create"
  | "staff.update"
  | "staff.disable"
  | "staff.enable"
  | "staff.reset_password"
  | "staff.reset_password_on_server"
  | "staff.change_password"
  | "staff.reset_two_factor"
  | "staff.end_session"
  | "staff.end_sessions"
  | "settings.update"
  | "hours.add"
  | "hours.change"
  | "hours.remove"
  | "shop_photo.add"
  | "shop_photo.replace"
  | "shop_photo.caption"
  | "shop_photo.move"
  | "shop_photo.remove"
  | "invoice.draft"
  | "invoice.edit"
  | "invoice.issue"
  | "invoice.void"
  | "invoice.credit"
  | "invoice.receipt"
  | "payment.record"
  | "warranty.claim"
  | "day.close"
  | "payment.online_not_recorded"
  | "buyback_price.create"
  | "buyback_price.update"
  | "buyback_price.import"
  | "buyback_price.import_file"
  | "buyback_price.delete"
  | "trade_offer.status"
  | "purchase.create"
  | "purchase.id_erased"
  | "stock.create"
  | "stock.update"
  | "stock.state"
  | "stock.photos_added"
  | "stock.photo_deleted"
  | "reservation.cancel"
  | "stock.sell"
  | "stock.unsell";

export type AuditEntry = {
  action: AuditAction;
  entity:
    | "booking"
    | "repair_item"
    | "staff_user"
    | "customer"
    | "shop_settings"
    | "hours_exception"
    | "photo_place"
    | "invoice"
    | "day"
    | "buyback_price"
    | "trade_offer"
    | "purchase"
    | "stock_device"
    | "stock_reservation";
  entityId?: number;
  /** One line a person reads in the trail, e.g. "WF-00042: Pending → In Progress". */
  summary: string;
  /** The changed fields, before and after; never a password or any secret. */
  details?: Record<string, unknown>;
};
