import { z } from "zod";
import type { AuditAction, AuditEntry } from "~/types/staff";
import { isValidDate } from "~/utils/shop-time";
import {
  capped,
  hasNoControlCharacters,
  requiredText,
  shortValueMax,
  versionField,
} from "./fields";

export const staffRoles = ["owner", "manager", "technician", "front_desk"] as const;
export type StaffRoleName = (typeof staffRoles)[number];

export const roleNames: Record<StaffRoleName, string> = {
  owner: "Owner",
  manager: "Manager",
  technician: "Technician",
  front_desk: "Front desk",
};

/** Letters, digits, dot, dash and underscore: safe in a URL, a log line and a shell. */
export const usernamePattern = /^[a-zA-Z0-9._-]{3,64}$/;
const usernameMessage = "Use 3–64 letters, digits, dots, dashes or underscores.";

/** Long enough that guessing it online (throttled) or offline (scrypt) is hopeless. */
export const minPasswordLength = 12;
const passwordTooShort = `Please use at least ${minPasswordLength} characters.`;
// Bounded so nobody can make the server hash megabytes.
const maxPasswordLength = 1024;

// Not trimmed: spaces may be part of a password.
const passwordField = (missing: string) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .min(1, missing)
    .min(minPasswordLength, passwordTooShort)
    .max(maxPasswordLength, "That password is too long.");

const optionalPassword = z
  .string()
  .max(maxPasswordLength, "That password is too long.")
  .optional()
  .transform((value) => value || undefined);

const roleField = z.enum(staffRoles, { errorMap: () => ({ message: "Please choose a role." }) });
const idField = z.coerce
  .number({ message: "Unknown staff account." })
  .int()
  .positive("Unknown staff account.")
  .max(2_147_483_647, "Unknown staff account.");

/**
 * A password the owner types, or "generate" for one the server makes and shows once. Without
 * "generate", a typed password of at least 12 characters is required.
 */
const passwordChoice = z
  .object({ password: optionalPassword, generate: z.literal("on").optional() })
  .superRefine((value, ctx) => {
    if (value.generate) return;
    if (!value.password)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["password"],
        message: "Please type a password or choose to generate one.",
      });
    else if (value.password.length < minPasswordLength)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: passwordTooShort });
  });
// An intersection, so the password's message shows together with the other fields' on one answer.
const withPasswordChoice = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.intersection(z.object(shape), passwordChoice);

/** The Staff page's "Add staff member" form. */
export const createStaffSchema = withPasswordChoice({
  intent: z.literal("create"),
  username: requiredText(64, "Please enter a username.", usernameMessage).refine(
    (value) => usernamePattern.test(value),
    usernameMessage,
  ),
  role: roleField,
});

/**
 * The Staff page's per-account forms, told apart by the button pressed; each names the account's
 * version as the page showed it (docs/decisions/0039).
 */
export const staffAccountActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("disable"), id: idField, version: versionField }),
  z.object({ intent: z.literal("enable"), id: idField, version: versionField }),
  z.object({ intent: z.literal("role"), id: idField, role: roleField, version: versionField }),
  z.object({ intent: z.literal("reset_two_factor"), id: idField, version: versionField }),
]);

/** A session as a page names it: the opaque reference the list gave it, never its token hash. */
const sessionRefField = capped(
  shortValueMax,
  z.string().regex(/^[0-9a-f]{16}$/, "That session is not known here."),
);

/**
 * "End" beside one session, or "End all sessions", on the Staff page (any account) and on
 * Account & Security (one's own; `id` is then ignored).
 */
export const endSessionsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end_session"), id: idField, session: sessionRefField }),
  z.object({ intent: z.literal("end_sessions"), id: idField }),
]);

/** The Staff page's "Reset password" form of one account. */
export const resetPasswordSchema = withPasswordChoice({
  intent: z.literal("reset_password"),
  id: idField,
  version: versionField,
});

/** Account & Security: a staff member's own new password, with the current one as proof. */
export const changePasswordSchema = z
  .object({
    intent: z.literal("change_password"),
    currentPassword: z
      .string({
        required_error: "Please enter your current password.",
        invalid_type_error: "Please enter your current password.",
      })
      .min(1, "Please enter your current password.")
      .max(maxPasswordLength, "That is not your current password."),
    newPassword: passwordField("Please choose a new password."),
    confirmPassword: z
      .string({ required_error: "Please type the new password again." })
      .min(1, "Please type the new password again.")
      .max(maxPasswordLength),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["newPassword"],
        message: "The new password must differ from the current one.",
      });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["confirmPassword"],
        message: "The two new passwords do not match.",
      });
    }
  });

/** The audit trail's kinds of change, as its filter names them; every recorded action has one. */
export const auditActionLabels = {
  "repair.status": "Status change",
  "repair.edit": "Repair edit",
  "walk_in.create": "Walk-in created",
  "quote.create": "Quote sent",
  "text.reply": "Text sent to a customer",
  "repair.private_note": "Private note added",
  "repair.photos_added": "Photos added",
  "repair.photo_shown": "Photo shown to the customer",
  "repair.photo_hidden": "Photo hidden from the customer",
  "repair.photo_deleted": "Photo deleted",
  "customer.edit": "Customer edited",
  "customer.contact": "Customer contact added or removed",
  "customer.merge": "Customers merged",
  "price_item.create": "Price item added",
  "price_item.update": "Price item changed",
  "price_item.delete": "Price item deleted",
  "staff.create": "Staff member added",
  "staff.update": "Staff role changed",
  "staff.disable": "Staff member disabled",
  "staff.enable": "Staff member enabled",
  "staff.reset_password": "Password reset by owner",
  "staff.reset_password_on_server": "Password reset on the server",
  "staff.change_password": "Own password changed",
  "staff.reset_two_factor": "Two-factor turned off by owner",
  "staff.end_session": "Session ended",
  "staff.end_sessions": "All sessions ended",
  "settings.update": "Shop settings changed",
  "hours.add": "Closure or special hours added",
  "hours.change": "Closure or special hours changed",
  "hours.remove": "Closure or special hours removed",
  "shop_photo.add": "Shop photo added",
  "shop_photo.replace": "Shop photo replaced",
  "shop_photo.caption": "Shop photo described",
  "shop_photo.move": "Shop photo moved",
  "shop_photo.remove": "Shop photo removed",
  "invoice.draft": "Invoice started",
  "invoice.edit": "Invoice changed",
  "invoice.issue": "Invoice issued",
  "invoice.void": "Invoice voided",
  "invoice.credit": "Credit note issued",
  "invoice.receipt": "Receipt sent",
  "payment.record": "Payment received",
  "warranty.claim": "Warranty claim opened",
  "day.close": "Day closed",
  "payment.online_not_recorded": "Online payment not recorded",
  "buyback_price.create": "Buyback price added",
  "buyback_price.update": "Buyback price changed",
  "buyback_price.import": "Buyback price changed by CSV",
  "buyback_price.import_file": "Buyback grid CSV imported",
  "buyback_price.delete": "Buyback price deleted",
  "trade_offer.status": "Trade-in offer declined or cancelled",
  "purchase.create": "Device bought",
  "purchase.id_erased": "Seller IDs erased",
  "stock.create": "Stock device added",
  "stock.update": "Stock device changed",
  "stock.state": "Stock device moved",
  "stock.photos_added": "Stock photos added",
  "stock.photo_deleted": "Stock photo deleted",
  "reservation.cancel": "Reservation cancelled",
  "stock.sell": "Device sold on an invoice",
  "stock.unsell": "Device back for sale",
} as const satisfies Record<AuditAction, string>;
const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

export const auditEntityLabels = {
  booking: "Repair",
  repair_item: "Price item",
  staff_user: "Staff account",
  customer: "Customer",
  shop_settings: "Shop settings",
  hours_exception: "Hours and closures",
  photo_place: "Shop photos",
  invoice: "Invoice",
  day: "Day's close",
  buyback_price: "Buyback grid",
  trade_offer: "Trade-in offer",
  purchase: "Purchase",
  stock_device: "Device for sale",
  stock_reservation: "Reservation",
} as const satisfies Record<AuditEntry["entity"], string>;
const auditEntities = Object.keys(auditEntityLabels) as [
  AuditEntry["entity"],
  ...AuditEntry["entity"][],
];
/** Filters in the URL fall back to "no filter" when malformed, as on the other lists. */
const optionalDate = capped(shortValueMax, z.string().trim())
  .optional()
  .transform((value) => (value && isValidDate(value) ? value : undefined))
  .catch(undefined);

/** /admin/audit?staff=&action=&entity=&record=&from=&to=&page= */
export const auditQuerySchema = z.object({
  staff: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  action: z.enum(auditActions).optional().catch(undefined),
  entity: z.enum(auditEntities).optional().catch(undefined),
  /** A booking reference ("WF-00042") or a record's number, within the chosen kind of record. */
  record: capped(30, z.string().trim().refine(hasNoControlCharacters))
    .optional()
    .transform((value) => value || undefined)
    .catch(undefined),
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
