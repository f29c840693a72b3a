import type { PaymentMethod } from "~/types/invoice";

/** What staff may take at the counter: `online` comes only from the payment provider. */
export const paymentMethodsAtCounter = ["cash", "debit", "credit", "etransfer"] as const;

/** How a payment method reads inside a sentence ("Deposit by cash"). */
export const paymentMethodWords: Record<PaymentMethod, string> = {
  cash: "cash",
  debit: "debit",
  credit: "credit",
  etransfer: "Interac e-Transfer",
  online: "online payment",
};

/** How it reads on its own, as a choice or a column ("Cash"). */
export const paymentMethodLabel = (method: PaymentMethod) => {
  const words = paymentMethodWords[method];
  return words[0]!.toUpperCase() + words.slice(1);
};
