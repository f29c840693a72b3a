import { roleNames, type StaffRoleName } from "~/schemas/staff";

/*
 * What each staff role may do beyond the counter's everyday work (docs/decisions/0044). Every
 * role books, takes walk-ins, moves repairs through their statuses, edits a repair's details,
 * writes notes, texts customers, answers messages, prints tickets and labels, and reads the price
 * list. The server enforces this table in one place (app/server/staff-route.server.ts); the admin
 * hides what a role cannot use from the same table.
 */

/** What staff do, as the refusal names it: "Front desk accounts cannot <what>." */
const permissionNames = {
  exportCustomers: "export repairs and customers (the CSV download and the legacy repair list)",
  sendQuotes: "send quotes",
  editPriceList: "add or change price list items",
  deletePriceItems: "delete price list items",
  seeReports: "see reports (dashboard statistics, analytics and the audit trail)",
  manageOutbox: "open the outbox of e-mails and texts",
  manageStaff: "manage staff accounts",
  mergeCustomers: "merge customer records",
  manageSettings: "change the shop's settings",
  voidInvoices: "void invoices",
  closeDay: "close the day (the cash count, the Z report and the bookkeeper's CSV files)",
  editBuybackGrid: "change the buyback grid (what the shop pays for used devices)",
  buyDevices: "buy devices from sellers or manage the devices for sale",
} as const;

export type Permission = keyof typeof permissionNames;

const allPermissions = Object.keys(permissionNames) as Permission[];

/** The table itself: what each role may do, each role above the one before. */
const rolePermissions: Record<StaffRoleName, readonly Permission[]> = {
  // Buying a device is counter work, with the seller's ID: not a technician's bench.
  front_desk: ["buyDevices"],
  technician: ["sendQuotes", "editPriceList"],
  // A merge moves one customer's whole history onto another: the owner's call, as staff accounts.
  // An issued invoice is the shop's record for the tax authority: only the owner voids one.
  manager: allPermissions.filter(
    (permission) =>
      permission !== "manageStaff" &&
      permission !== "mergeCustomers" &&
      permission !== "voidInvoices",
  ),
  owner: allPermissions,
};

/** One line per role for the Staff page, so the owner sees what a role means before choosing it. */
export const roleSummaries: Record<StaffRoleName, string> = {
  owner: "Everything, including staff accounts, merging customers and voiding invoices.",
  manager:
    "Everything but staff accounts, merging customers and voiding invoices: reports, audit trail, outbox, CSV, price list deletes, the buyback grid, shop settings, the day's close, buying and selling devices.",
  technician: "The counter's work, plus quotes and price list edits (not deletes).",
  front_desk:
    "Bookings, walk-ins, statuses, notes, texts and messages, buying devices and the devices for sale.",
};

export const may = (role: StaffRoleName, permission: Permission): boolean =>
  rolePermissions[role].includes(permission);

/** The 403's words, naming the role and what it cannot do, and who can change that. */
export const refusedMessage = (role: StaffRoleName, permission: Permission) =>
  `${roleNames[role]} accounts cannot ${permissionNames[permission]}. The shop's owner sets roles on the Staff page.`;
