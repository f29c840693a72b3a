import type { BookingStatus } from "~/types/booking";
import type { Warranty } from "~/types/invoice";

// What a customer's tracking page and the tracking doors show of a repair.

/** A quote's answer: still open, or approved or declined by the customer through the secret link. */
export type QuoteStatus = "pending" | "approved" | "declined";

/** A quote as the customer's tracking page shows it (the secret link only). */
export type TrackedQuote = {
  id: number;
  amount: string;
  covers: string;
  validUntil: string;
  status: QuoteStatus;
  answeredAt: string | null;
  /** Still open, but its last day has passed: it can no longer be approved. */
  expired: boolean;
};

/** The customer's own details, and their description of the problem, which may tell about them. */
export type PersonalDetails = {
  firstName: string;
  lastName: string;
  /** Null for a walk-in customer who gave no address. */
  email: string | null;
  phone: string;
  issueDescription: string | null;
};

/**
 * When the customer is expected at the shop (an online booking's appointment), or when they
 * brought the device in (a walk-in's drop-off). Date YYYY-MM-DD and time HH:MM, shop time.
 */
export type TrackedAppointment = { kind: "appointment" | "drop_off"; date: string; time: string };

/** What every answer may show of a repair: nothing that names or reaches the customer. */
export type RepairSummary = {
  status: BookingStatus;
  statusLabel: string;
  /**
   * Where the repair is among the tracking page's steps (app/utils/repair-progress.ts); null when
   * cancelled.
   */
  progressStep: number | null;
  /**
   * The appointment or drop-off. A lookup by phone alone shows only an appointment still to come
   * (docs/decisions/0057); null otherwise.
   */
  appointment: TrackedAppointment | null;
  /** "$129.00 before tax": the latest quote still standing, or the price quoted at the counter. */
  quotedPrice: string | null;
  deviceCategory: string;
  deviceBrand: string | null;
  deviceModel: string | null;
  issueType: string;
  customerNote: string | null;
  expectedDeliveryDate: string | null;
};

/** A repair as the reference, the reference with its phone, or the secret link shows it. */
export type TrackedBooking = RepairSummary & {
  id: number;
  reference: string;
  submittedAt: string;
  updatedAt: string;
  history: { status: BookingStatus; label: string; note: string | null; at: string }[];
  /**
   * Present only for the secret link or the ID with its own phone; absent, not masked, otherwise.
   */
  personal?: PersonalDetails;
  /** The latest quote, for the secret link alone: the link is what lets the customer answer it. */
  quote?: TrackedQuote;
  /** Once invoiced, with the personal details: from the invoice date (the shop's terms). */
  warranty?: Warranty;
};

/**
 * A repair found by phone alone. The reference is the second factor, so neither it nor the id it
 * is made of is here, nor any date that follows from the day the repair came in (received,
 * updated, a walk-in's drop-off, a past appointment, or the history's dates): references are
 * sequential, so that day would narrow the reference to the few booked on it. An appointment still
 * to come (an online booking, Pending, today or later) is shown: it places the day the booking was made only somewhere in the
 * booking window before it (60 days up to today), too wide to single a reference out
 * (docs/decisions/0057).
 */
export type RepairByPhone = RepairSummary & {
  history: { status: BookingStatus; label: string; note: string | null }[];
};

export type TrackedRepair = TrackedBooking | RepairByPhone;
