/** An iPhone 15 128 GB with light scratches and a worn battery, as /sell's questions send it. */
export const sellerDevice = {
  category: "mobile",
  brand: "Apple",
  model: "iPhone 15",
  storage: "128 GB",
  powersOn: "yes",
  screen: "scratched",
  body: "flawless",
  battery: "worn",
  partsWork: "yes",
  accountLocked: "no",
  carrierLocked: "no",
};

/** "Keep my offer" for that device by e-mail, brought in any time, with `overrides`. */
export const sellerForm = (overrides: Record<string, string> = {}) => ({
  ...sellerDevice,
  name: "Sam Seller",
  email: "sam.seller@example.com",
  phone: "",
  sendByEmail: "on",
  dropOff: "walk-in",
  ...overrides,
});
