import type { PayoutMethod, SellerIdType, StockState } from "~/types/trade";

/** The words staff and sellers read for the stored values of issue 33's tables. */
export const sellerIdTypeWords: Record<SellerIdType, string> = {
  drivers_licence: "Driver's licence",
  ontario_photo_card: "Ontario Photo Card",
  passport: "Passport",
  pr_card: "Permanent resident card",
  other_government: "Other government photo ID",
};

export const payoutWords: Record<PayoutMethod, string> = {
  cash: "Cash",
  etransfer: "Interac e-Transfer",
};

export const stockStateWords: Record<StockState, string> = {
  refurbishing: "Refurbishing",
  for_sale: "For sale",
  reserved: "Reserved",
  sold: "Sold",
};

/** What the seller declares at the counter, printed on the purchase record as they signed it. */
export const sellerDeclaration =
  "I own this device, or am allowed by its owner to sell it. It is not lost, stolen or under a payment plan I have not paid off, and I have removed my accounts from it.";
