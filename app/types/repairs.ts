import type { Urgency } from "~/config/shop";
import type { BookingStatus } from "~/types/booking";
import type { OutboxStatus } from "~/types/outbox";
import type { QuoteStatus, TrackedQuote } from "~/types/tracking";
import type { IntakeCheckResult } from "~/types/intake";
import type { RepairDetailField } from "~/utils/repair-details";

// What the staff pages show of repairs, formatted on the server (shop time zone, phone format,
// labels) so a page renders the same with or without JavaScript. The functions that build them
// are in app/models/booking-*.server.ts and app/routes/repair-detail-view.server.ts.

/** A row of the repair list, the same for its cards and its table. */
export type RepairListItem = {
  id: number;
  reference: string;
  customerName: string;
  phone: string;
  phoneDigits: string;
  category: string;
  device: string;
  appointmentDate: string;
  appointmentTime: string;
  issue: string;
  /** Null for a normal repair: only the urgent ones are marked. */
  urgency: { value: Exclude<Urgency, "normal">; label: string } | null;
  status: BookingStatus;
  /** When a repair ready for pickup became ready; null in any other status. */
  readySince: string | null;
  delivery: string | null;
  overdue: boolean;
  created: string;
  /** What the row's status form names as the version it was drawn at (decision 0039). */
  version: number;
};

/** What the intake ticket and the device label print, in words. */
/** One check of the pre-repair checklist, named and answered for people. */
export type IntakeChecklistLine = {
  label: string;
  result: IntakeCheckResult;
  resultLabel: string;
};

export type PrintFacts = {
  id: number;
  reference: string;
  walkIn: boolean;
  /** "Dropped off" (a walk-in) or "Appointment", and when. */
  when: { label: string; value: string };
  takenIn: string;
  takenOn: string;
  takenBy: string | null;
  customer: { name: string; phone: string; lastFour: string; email: string | null };
  /** `identifier`: "IMEI 35 209900 176148 1" or "Serial number C02XK1", when recorded. */
  device: { category: string; name: string; identifier: string | null };
  issueType: string;
  issueDescription: string | null;
  condition: string | null;
  accessories: string | null;
  /** Null when nobody asked (an online booking). */
  passcode: string | null;
  /** The pre-repair checks in the checklist's order; null when none were recorded. */
  checklist: IntakeChecklistLine[] | null;
  quote: string;
  /** The deposits taken against the repair's invoice ("$50.00 by debit"); empty when none. */
  deposits: string[];
  expectedDelivery: string | null;
  urgency: string;
  status: string;
  /** The secret tracking link and its QR code as inline SVG. */
  tracking: { url: string; svg: string };
  /** The device label's link (staff page or tracking page, by the session) and its QR code. */
  label: { url: string; svg: string };
};

/** One text between the shop and the customer about a repair. */
export type ConversationEntry = {
  id: string;
  from: "customer" | "shop";
  body: string;
  at: string;
  iso: string;
  /** How one of ours went (sent, waiting, failed…); null for the customer's. */
  state: string | null;
};

/** A line of the repair page's history: a status change, or a correction staff made. */
export type RepairHistoryLine = {
  id: string;
  at: string;
  iso: string;
  by: string;
  title: string;
  /** The status it moved to; null for a correction. */
  status: BookingStatus | null;
  lines: string[];
};

/** A private note on the repair page: staff's own, never the customer's to see. */
export type PrivateNoteLine = {
  id: number;
  body: string;
  by: string;
  at: string;
  iso: string;
};

/** A photo on a repair, as its page lists it (the bytes are served by /photos/:publicId). */
export type RepairPhotoLine = {
  publicId: string;
  kind: "intake" | "diagnosis";
  kindLabel: string;
  caption: string | null;
  width: number;
  height: number;
  showCustomer: boolean;
  by: string;
  at: string;
  iso: string;
};

/** An e-mail or text queued about a repair, as its page lists them. */
type RepairMessageLine = {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  status: OutboxStatus;
  statusLabel: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  /** Why it was withdrawn (a STOP, a reminder the repair moved past). */
  withdrawnBecause: string | null;
};

/** Everything the repair page shows about one booking. */
export type RepairDetailView = {
  repair: {
    id: number;
    reference: string;
    status: BookingStatus;
    statusLabel: string;
    firstName: string;
    lastName: string;
    customerName: string;
    email: string | null;
    phone: string;
    phoneDisplay: string;
    phoneDigits: string;
    category: string;
    deviceBrand: string | null;
    deviceModel: string | null;
    issueType: string;
    issueDescription: string | null;
    urgency: Urgency;
    urgencyLabel: string;
    walkIn: boolean;
    quotedPrice: string | null;
    deviceCondition: string | null;
    accessories: string | null;
    passcodeWithheld: boolean | null;
    checklist: IntakeChecklistLine[] | null;
    notifyByLabel: string;
    reviewOptIn: boolean;
    /** The customer's number replied STOP: no texts go to it. */
    textsStopped: boolean;
    appointmentDate: string;
    appointmentTime: string;
    createdAt: string;
    updatedAt: string;
    note: string | null;
    expectedDeliveryDate: string | null;
    expectedDeliveryLabel: string | null;
    bookingDayLabel: string;
    trackingUrl: string;
    trackingPath: string;
    /** What a save names as the version it was read at (docs/decisions/0039). */
    version: number;
  };
  /** What the details form shows: every field it edits, as text (utils/repair-details.ts). */
  details: Record<RepairDetailField, string>;
  quote: TrackedQuote | null;
  conversation: ConversationEntry[];
  history: RepairHistoryLine[];
  /** Newest first. */
  privateNotes: PrivateNoteLine[];
  photos: RepairPhotoLine[];
  /** The same customer's other repairs. */
  /** The warranty claims made on this repair, and the repair this one claims on, as "WF-… (covered, no charge)". */
  warrantyLinks: {
    claims: { id: number; text: string }[];
    claimOf: { id: number; text: string } | null;
  };
  related: {
    id: number;
    reference: string;
    status: BookingStatus;
    device: string;
    issueType: string;
    createdAt: string;
  }[];
  messages: RepairMessageLine[];
};

/** A quote on the dashboard: waiting for the customer, or answered in the last week. */
export type DashboardQuote = {
  id: number;
  bookingId: number;
  /** The repair's status and version, which its row's status form was drawn at. */
  bookingStatus: BookingStatus;
  version: number;
  reference: string;
  customer: string;
  amount: string;
  status: QuoteStatus;
  /** "Waiting, valid until …", "Expired", "Approved …" or "Declined …". */
  state: string;
};

/** A text a customer sent, as the Messages page lists the latest. */
export type RecentText = {
  id: number;
  body: string;
  from: string;
  at: string;
  /** The repair it was matched to, by the number it came from; null when none was. */
  repair: { id: number; reference: string } | null;
};

/**
 * A staff save refused because the repair changed since the form was drawn: the version it is at
 * now, and each change since, newest first.
 */
export type ChangedMeanwhile = {
  version: number;
  changes: { at: string; atLabel: string; by: string; summary: string }[];
};
