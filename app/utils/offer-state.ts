import type { OfferStatus } from "~/types/trade";

/** An offer's state as staff read it: its status, or expired for an open one past its date. */
export type OfferState = OfferStatus | "expired";

/** The states the offers list filters by, in the order it offers them. */
export const offerStates = ["open", "expired", "purchased", "declined", "cancelled"] as const;

export const offerStateLabels: Record<OfferState, string> = {
  open: "Open",
  expired: "Expired",
  purchased: "Purchased",
  declined: "Declined",
  cancelled: "Cancelled",
};

export const offerStateOf = (offer: { status: OfferStatus; expired: boolean }): OfferState =>
  offer.expired ? "expired" : offer.status;
