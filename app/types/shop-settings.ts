/** The Settings page's fields as its form shows them. */
export type ShopSettingsShown = {
  bookingSlotCapacity: string;
  bookingLimitPerCustomer: string;
  changeCutoffHours: string;
  quoteApprovalStartsRepair: "on" | "off";
  bookingsConfirmedAtOnce: "received" | "confirmed";
};

export type ShopSettingsView = {
  version: number;
  shown: ShopSettingsShown;
};
