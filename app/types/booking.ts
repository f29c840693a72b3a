import type { CategorySlug, Urgency } from "~/config/shop";
import type { IntakeCheckResult } from "~/types/intake";

/**
 * The booking statuses in the order the counter works through them, the order every list, select,
 * filter and export shows (docs/decisions/0041). Plain data, apart from the Drizzle schema (whose
 * enum is checked against it), so pages that show statuses do not ship the schema builder to the
 * browser.
 */
export const bookingStatuses = [
  "pending",
  "in_progress",
  "waiting_parts",
  "ready_for_pickup",
  "completed",
  "cancelled",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** How a customer asked to hear about their repair: e-mail, text or both (docs/decisions/0025). */
export const notifyChannels = ["email", "sms", "both"] as const;
export type NotifyChannel = (typeof notifyChannels)[number];

/** Where a booking came from: the public form, or staff at the counter (`walk_in`). */
type BookingSource = "online" | "walk_in";

/**
 * A booking as the `bookings` table stores it (db/schema.ts, whose comments say what each column
 * holds). Written out here so that pages, e-mails and helpers can name it without importing the
 * schema; app/models/booking.server.ts checks it is the table's row, column for column.
 */
export type Booking = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  emailKey: string | null;
  phone: string;
  phoneDigits: string;
  deviceCategory: CategorySlug;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  issueDescription: string | null;
  /** YYYY-MM-DD */
  preferredDate: string;
  /** "HH:MM", shop time. */
  preferredTime: string;
  urgency: Urgency;
  status: BookingStatus;
  customerNote: string | null;
  expectedDeliveryDate: string | null;
  trackingToken: string;
  submissionKey: string;
  payloadHash: string;
  source: BookingSource;
  /** CAD, as Postgres's numeric text ("129.99"). */
  quotedPrice: string | null;
  deviceCondition: string | null;
  accessories: string | null;
  passcodeWithheld: boolean | null;
  notifyBy: NotifyChannel;
  reviewOptIn: boolean;
  statusChangedAt: Date;
  createdByStaffId: number | null;
  customerId: number | null;
  deviceId: number | null;
  intakeChecklist: Record<string, IntakeCheckResult> | null;
  /** One more with every change (docs/decisions/0039). */
  version: number;
  searchText: string | null;
  createdAt: Date;
  updatedAt: Date;
};
