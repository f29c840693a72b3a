/**
 * The buy-and-sell half of the shop (issue 33, docs/decisions/0072): the words its tables store.
 * Browser-safe: forms, pages and the schema read them from here.
 */

/** A used device's condition, best first: the buyback grid prices each, the shop lists by it. */
export const deviceGrades = ["excellent", "good", "fair", "broken"] as const;
export type DeviceGrade = (typeof deviceGrades)[number];

/** An online offer: open until bought at the counter, declined or cancelled (or past its date). */
export const offerStatuses = ["open", "purchased", "declined", "cancelled"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** The government ID a seller shows at the counter. */
export const sellerIdTypes = [
  "drivers_licence",
  "ontario_photo_card",
  "passport",
  "pr_card",
  "other_government",
] as const;
export type SellerIdType = (typeof sellerIdTypes)[number];

/** How the shop pays a seller. */
export const payoutMethods = ["cash", "etransfer"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** A device the shop sells: being refurbished, listed, held for a customer, sold. */
export const stockStates = ["refurbishing", "for_sale", "reserved", "sold"] as const;
export type StockState = (typeof stockStates)[number];

/** A reservation for pickup: held, collected (sold to them), cancelled, or expired unclaimed. */
export const reservationStatuses = ["held", "collected", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** The seller's answers to the condition questions, as an offer keeps them. */
export type OfferAnswers = {
  powersOn: boolean;
  screen: "flawless" | "scratched" | "cracked";
  body: "flawless" | "scratched" | "damaged";
  /** Battery health: 80 % or more, below 80 %, or not known. */
  battery: "good" | "worn" | "unknown";
  /** The cameras, buttons and Face ID or Touch ID all work. */
  partsWork: boolean;
  /** Still signed in to an account lock (iCloud, Google): the shop cannot buy it so. */
  accountLocked: boolean;
  carrierLocked: boolean;
};
