// Every form, intent and endpoint the hostile-input spec sends to (tests/e2e/server-hostile-input
// .spec.ts), each with a valid submission that the fuzz then spoils. A new form or intent gets a
// line here; tests/unit/hostile-targets.test.ts fails until it has one.
import { addDays, shopToday } from "../../../app/utils/shop-time";
import { intakeChecks } from "../../../app/types/intake";
import { checkField } from "../../../app/utils/intake-checklist";
import { bookingPayload } from "./api";

export type Target = {
  method: "GET" | "POST";
  /** The address; a `:name` segment takes the submission's `name` field, fuzzed like the rest. */
  path: string;
  kind: "form" | "json" | "query";
  valid: Record<string, unknown>;
  staff?: boolean;
  /** Ends the signed-in staff member's own session: the spec signs in again after each request. */
  endsSession?: boolean;
};

/** The records the spec makes before the fuzz, so that valid submissions reach real rows. */
export type Fixture = {
  /** The repair booked online first (the customer's phone and tracking link with it). */
  repair: { id: number; phone: string; token: string };
  /** Its customer and one of their contacts; another record of the same name, to merge. */
  customer: { id: number; contactId: number; duplicateId: number };
  /** A walk-in's device, known by its serial number. */
  deviceId: number;
  /** A photo of the repair, and a quote on it. */
  photo: string;
  quoteId: number;
  /** A second staff account, with a live session the owner may end. */
  clerk: { id: number; session: string };
};

const validContact = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "905-555-0100",
  subject: "",
  message: "Is my screen repairable?",
  sendCopy: "on",
};
const validItem = {
  deviceCategory: "mobile",
  brand: "Apple",
  series: "iPhone",
  model: "iPhone 15",
  issue: "Screen Repair",
  price: "199.99",
};
/** The Edit dialog's version read and what it showed (decision 0039): fuzzed like the rest. */
const itemAsRead = { version: "1", shown: JSON.stringify({ model: "iPhone 15" }) };
const validStatus = {
  status: "in_progress",
  internal_notes: "On the bench today.",
  expectedDeliveryDate: "",
  // The version read and what the form showed (decision 0039): fuzzed like the rest.
  version: "1",
  shownStatus: "pending",
  shownDate: "",
  shownNote: "",
};
/** The pre-repair checklist (decision 0046), as the intake forms send it. */
const validChecklist = Object.fromEntries(
  intakeChecks.map((check, i) => [checkField(check), ["pass", "fail", "untested"][i % 3]]),
);
/** The repair page's details and intake form, the intake completed after saving. */
const validDetails = {
  intent: "details",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "905-555-0100",
  deviceBrand: "Apple",
  deviceModel: "iPhone 13",
  issueDescription: "Cracked.",
  issueType: "Screen Repair",
  quotedPrice: "129.00",
  deviceCondition: "Cracked corner",
  accessories: "Case",
  passcode: "withheld",
  ...validChecklist,
  version: "1",
  shown: JSON.stringify({ firstName: "Ann", lastName: "Lee" }),
};
export const validWalkIn = {
  firstName: "Ann",
  lastName: "Lee",
  phone: "905-555-0100",
  email: "",
  deviceCategory: "mobile",
  deviceBrand: "Apple",
  deviceModel: "iPhone 13",
  deviceIdentifier: "C02XK1ABJGH5",
  issueType: "Screen Repair",
  quotedPrice: "129.00",
  deviceCondition: "Cracked corner",
  accessories: "Case",
  passcode: "withheld",
  urgency: "normal",
  status: "pending",
  notifyBy: "sms",
  priceItem: "1",
  ...validChecklist,
  submissionKey: "walk-in-hostile-key-0001",
};
/** A row's status form on the repair list, the agenda and the dashboard (decision 0047). */
const quickStatus = (fixture: Fixture) => ({
  repair: String(fixture.repair.id),
  status: "in_progress",
  shownStatus: "pending",
  version: "1",
});

const staffForm = (path: string, valid: Record<string, unknown>, more: Partial<Target> = {}) =>
  ({ method: "POST", path, kind: "form", valid, staff: true, ...more }) as Target;
const staffQuery = (path: string, valid: Record<string, unknown>) =>
  ({ method: "GET", path, kind: "query", valid, staff: true }) as Target;

/** The public site's forms and the legacy public doors. */
function publicTargets(fixture: Fixture): Target[] {
  const booking = bookingPayload();
  const { token } = fixture.repair;
  const answer = { token, quoteId: String(fixture.quoteId), answer: "approve" };
  const move = {
    token,
    preferredDate: booking.preferredDate,
    preferredTime: "16:00",
    version: "1",
  };
  return [
    { method: "POST", path: "/book-appointment", kind: "form", valid: booking },
    // The schedule steps without JavaScript: "Show times for this date", and an offered time.
    {
      method: "POST",
      path: "/book-appointment",
      kind: "form",
      valid: { ...booking, intent: "times" },
    },
    {
      method: "POST",
      path: "/book-appointment",
      kind: "form",
      valid: { ...booking, intent: `${booking.preferredDate}T11:00` },
    },
    // What the offline queue sends when the connection is back (the same form handling as JSON),
    // and what the phone asks of a key before it says, sends, changes or deletes anything.
    { method: "POST", path: "/book-appointment/queued", kind: "form", valid: booking },
    {
      method: "POST",
      path: "/book-appointment/landed",
      kind: "form",
      valid: { submissionKey: "phone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    },
    {
      method: "GET",
      path: "/book-appointment/availability",
      kind: "query",
      valid: { date: booking.preferredDate },
    },
    {
      method: "GET",
      path: "/book-appointment/confirmation/:token",
      kind: "query",
      valid: { token },
    },
    { method: "POST", path: "/contact", kind: "form", valid: validContact },
    // The shop (issue 33): its filters, a device's page and "Reserve for pickup" (an id no device
    // has: the fuzz is about the input, answered 404 or with the form's messages), the confirmation.
    {
      method: "GET",
      path: "/shop",
      kind: "query",
      valid: {
        category: "mobile",
        brand: "Apple",
        grade: "good",
        min: "100",
        max: "900",
        sort: "price_asc",
        page: "1",
      },
    },
    {
      method: "GET",
      path: "/shop/:slug",
      kind: "query",
      valid: { slug: "apple-iphone-13-aaaaaaaaaa" },
    },
    {
      method: "POST",
      path: "/shop/:slug",
      kind: "form",
      valid: {
        slug: "apple-iphone-13-aaaaaaaaaa",
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "905-555-0100",
        notifyBy: "both",
      },
    },
    {
      method: "GET",
      path: "/shop/reserved/:reference",
      kind: "query",
      valid: { reference: "R-ABCDEF" },
    },
    { method: "POST", path: "/contact/queued", kind: "form", valid: validContact },
    {
      method: "POST",
      path: "/contact/landed",
      kind: "form",
      valid: { submissionKey: "phone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    },
    {
      method: "POST",
      path: "/track-repair",
      kind: "form",
      valid: { repairId: "WF-00001", phoneNumber: booking.phone },
    },
    // The secret link: its page, the customer's answer to a quote (both doors), their photos.
    { method: "GET", path: "/track-repair/:token", kind: "query", valid: { token } },
    { method: "POST", path: "/track-repair/:token", kind: "form", valid: answer },
    { method: "POST", path: "/track-repair/:token/quote", kind: "form", valid: answer },
    // "Pay now" (decision 0067), its page and its post, which takes no fields; without Stripe's
    // keys both are not found.
    { method: "GET", path: "/track-repair/:token/pay", kind: "query", valid: { token } },
    { method: "POST", path: "/track-repair/:token/pay", kind: "form", valid: { token } },
    // Moving or cancelling the appointment (decision 0056): the pages, the move, its schedule
    // steps without JavaScript, and the cancellation, each with the version the page was drawn at.
    { method: "GET", path: "/track-repair/:token/reschedule", kind: "query", valid: { token } },
    { method: "POST", path: "/track-repair/:token/reschedule", kind: "form", valid: move },
    {
      method: "POST",
      path: "/track-repair/:token/reschedule",
      kind: "form",
      valid: { ...move, intent: "times" },
    },
    {
      method: "POST",
      path: "/track-repair/:token/reschedule",
      kind: "form",
      valid: { ...move, intent: `${booking.preferredDate}T15:00` },
    },
    { method: "GET", path: "/track-repair/:token/cancel", kind: "query", valid: { token } },
    {
      method: "POST",
      path: "/track-repair/:token/cancel",
      kind: "form",
      valid: { token, version: "1" },
    },
    {
      method: "GET",
      path: "/track-repair/:token/photos/:publicId/:variant",
      kind: "query",
      valid: { token, publicId: fixture.photo, variant: "thumb" },
    },
    // The label's QR code, for a visitor (the tracking page) and for staff (the repair's page).
    { method: "GET", path: "/r/:token", kind: "query", valid: { token } },
    { ...staffQuery("/r/:token", { token }) },
    {
      method: "GET",
      path: "/photos/:publicId/:variant",
      kind: "query",
      valid: { publicId: fixture.photo, variant: "thumb" },
    },
    { method: "POST", path: "/api/endpoints/submit_booking.php", kind: "json", valid: booking },
    {
      method: "POST",
      path: "/api/endpoints/send_contact_message.php",
      kind: "json",
      valid: validContact,
    },
    {
      method: "GET",
      path: "/api/endpoints/track_repair.php",
      kind: "query",
      valid: { id: "WF-00001", phone: booking.phone },
    },
    {
      method: "POST",
      path: "/admin/login",
      kind: "form",
      valid: { username: "someone", password: "a password" },
    },
    // The second sign-in step, without the first: refused however it is spelt.
    { method: "POST", path: "/admin/login/code", kind: "form", valid: { code: "123456" } },
    {
      method: "POST",
      path: "/api/admin/login.php",
      kind: "json",
      valid: { username: "someone", password: "a password" },
    },
    {
      method: "POST",
      path: "/api/analytics",
      kind: "json",
      valid: {
        views: [{ path: "/faq?q=battery" }],
        vitals: [{ path: "/faq", name: "LCP", value: 1234.5 }],
      },
    },
    // Unsigned, so refused before the body is read; tests/integration/sms-webhook.test.ts fuzzes
    // signed ones.
    {
      method: "POST",
      path: "/api/sms/incoming",
      kind: "form",
      valid: { MessageSid: "SM0123456789abcdef", From: "+19055550100", Body: "STOP" },
    },
    // Unsigned too; tests/integration/stripe-payments.test.ts sends signed ones.
    {
      method: "POST",
      path: "/api/stripe/webhook",
      kind: "json",
      valid: { id: "evt_0123456789", type: "checkout.session.completed" },
    },
  ];
}

/** A repair's page: every form on it, then its print pages. */
function repairTargets(fixture: Fixture): Target[] {
  const page = "/admin/repairs/:id";
  const id = String(fixture.repair.id);
  return [
    staffForm(page, { id, intent: "status", ...validStatus }),
    staffForm(page, { id, ...validDetails }),
    staffForm(page, { id, intent: "device", deviceIdentifier: "356938035643809", version: "1" }),
    staffForm(page, {
      id,
      intent: "quote",
      amount: "129.00",
      covers: "A new screen and the labour",
      validUntil: addDays(shopToday(), 14),
    }),
    staffForm(page, { id, intent: "text", message: "Your phone is ready for pickup." }),
    staffForm(page, { id, intent: "private_note", privateNote: "Pre-existing Face ID fault." }),
    staffForm(page, { id, intent: "photo_show", photo: fixture.photo, show: "yes" }),
    staffForm(page, { id, intent: "photo_show", photo: fixture.photo, show: "no" }),
    // The photo upload reads its body as a stream (decision 0043): broken multipart bodies too.
    staffForm("/admin/repairs/:id/photos", { id, kind: "intake", caption: "Cracked back glass" }),
    // The repair's invoice (decision 0065): started, saved, issued, paid, voided.
    ...(["start", "issue"] as const).map((intent) =>
      staffForm("/admin/repairs/:id/invoice", { id, intent, version: "1" }),
    ),
    staffForm("/admin/repairs/:id/invoice", {
      id,
      intent: "save",
      version: "1",
      kind1: "repair",
      description1: "Screen replacement",
      quantity1: "1",
      unitPrice1: "129.99",
      discountKind: "percent",
      discountValue: "10",
      discountReason: "Returning customer",
    }),
    staffForm("/admin/repairs/:id/invoice", {
      id,
      intent: "pay",
      method: "cash",
      amount: "20.00",
      tendered: "20.00",
      submissionKey: "hostile-invoice-payment",
    }),
    // A device for sale sold on the draft, and taken off again (issue 33).
    staffForm("/admin/repairs/:id/invoice", {
      id,
      intent: "add_device",
      version: "1",
      device: "356938035643809",
      reservation: "R-ABCDEF",
    }),
    staffForm("/admin/repairs/:id/invoice", {
      id,
      intent: "remove_device",
      version: "1",
      stockDeviceId: "1",
    }),
    staffForm("/admin/repairs/:id/invoice", { id, intent: "void", version: "3", reason: "Typo" }),
    staffForm("/admin/repairs/:id/invoice", {
      id,
      intent: "credit",
      version: "4",
      amount: "11.30",
      reason: "Case not fitted",
    }),
    ...(["handover", "send_receipt"] as const).map((intent) =>
      staffForm("/admin/repairs/:id/invoice", { id, intent, version: "1" }),
    ),
    // A warranty claim (issue 32): covered or not, with its exclusion and note.
    staffForm("/admin/repairs/:id/warranty", {
      id,
      decision: "not_covered",
      exclusion: "Normal wear and tear",
      note: "Battery swelling",
      submissionKey: "hostile-warranty-claim",
    }),
    ...["receipt", "receipt/roll"].map((sheet) =>
      staffQuery(`/admin/repairs/:id/${sheet}`, { id }),
    ),
    ...["ticket", "label", "print"].map((sheet) =>
      staffQuery(`/admin/repairs/:id/${sheet}`, { id }),
    ),
  ];
}

/** The walk-in form's submit, its no-JavaScript lookups, and what its script asks for. */
function walkInTargets(fixture: Fixture): Target[] {
  const known = { ...validWalkIn, phone: fixture.repair.phone };
  return [
    staffForm("/admin/repairs/new", validWalkIn),
    staffForm("/admin/repairs/new", { ...known, intent: "find_customer" }),
    staffForm("/admin/repairs/new", {
      ...known,
      pickCustomer: String(fixture.customer.id),
      pickDevice: String(fixture.deviceId),
    }),
    staffForm("/admin/repairs/new", { ...validWalkIn, intent: "prices" }),
    staffQuery("/admin/repairs/new/prices", {
      category: "mobile",
      brand: "Apple",
      model: "iPhone 13",
    }),
    staffQuery("/admin/customers/lookup", {
      phone: fixture.repair.phone,
      email: "sam.tremblay@example.com",
    }),
  ];
}

/** A customer's page, their device's, the list, and the owner's merge (decision 0042). */
function customerTargets(fixture: Fixture): Target[] {
  const page = "/admin/customers/:id";
  const id = String(fixture.customer.id);
  const shown = { firstName: "Sam", lastName: "Tremblay", notifyBy: "email" };
  return [
    staffQuery("/admin/customers", { q: "Tremblay 905", page: "1" }),
    // The invoices and a counter sale started (issue 32).
    staffQuery("/admin/invoices", { q: "1042", page: "1" }),
    staffQuery("/admin/reports", { from: "2026-01-01", to: "2026-11-28", by: "month" }),
    staffForm("/admin/invoices", {
      customerName: "Jordan Walk-up",
      submissionKey: "hostile-counter-sale",
    }),
    // A counter sale's invoice page takes the invoice forms too (a repair's redirects).
    staffForm("/admin/invoices/:id", {
      id,
      intent: "save",
      version: "1",
      kind1: "accessory",
      description1: "Phone case",
      quantity1: "1",
      unitPrice1: "25.00",
    }),
    staffQuery(page, { id }),
    staffForm(page, { id, intent: "edit", ...shown, version: "1", shown: JSON.stringify(shown) }),
    staffForm(page, { id, intent: "add_contact", contact: "905-555-0142", version: "1" }),
    staffForm(page, {
      id,
      intent: "remove_contact",
      contactId: String(fixture.customer.contactId),
      version: "1",
    }),
    staffQuery("/admin/devices/:id", { id: String(fixture.deviceId) }),
    staffForm("/admin/customers/duplicates", {
      keepId: id,
      mergeId: String(fixture.customer.duplicateId),
      keepVersion: "1",
      mergeVersion: "1",
    }),
  ];
}

/** The lists and their row forms, the agenda, the dashboard and the audit trail. */
function listTargets(fixture: Fixture): Target[] {
  return [
    staffQuery("/admin/repairs", {
      q: "Lee 905",
      status: "pending",
      category: "mobile",
      urgency: "urgent",
      dates: "created",
      from: "2026-01-01",
      to: "2026-06-30",
      sort: "customer",
      dir: "asc",
      page: "2",
    }),
    staffForm("/admin/repairs", quickStatus(fixture)),
    staffQuery("/admin/repairs.csv", { q: "iPhone 13", status: "pending", sort: "appointment" }),
    staffQuery("/admin/agenda", {
      view: "week",
      date: "2026-06-15",
      status: "pending",
      category: "mobile",
      urgency: "urgent",
    }),
    staffForm("/admin/agenda", quickStatus(fixture)),
    staffQuery("/admin/dashboard", { from: "2026-01-01", to: "2026-06-30" }),
    staffForm("/admin/dashboard", quickStatus(fixture)),
    staffQuery("/admin/analytics", { from: "2026-01-01", to: "2026-06-30" }),
    staffQuery("/admin/audit", {
      staff: "1",
      action: "repair.status",
      entity: "booking",
      record: "WF-00001",
      from: "2026-01-01",
      page: "1",
    }),
    // The day's close (decision 0066): its page, the cash count, the Z report, the bookkeeper's
    // files. A past day, so the fuzz's close changes no day another target counts.
    staffQuery("/admin/close", { date: "2026-06-15" }),
    staffForm("/admin/close", { date: "2026-06-15", counted: "412.35", note: "Float kept" }),
    staffQuery("/admin/close/:date/report", { date: "2026-06-15" }),
    ...(["invoices", "payments"] as const).map((file) =>
      staffQuery(`/admin/close/${file}.csv`, { from: "2026-06-01", to: "2026-06-30" }),
    ),
    // Buying a device at the counter and the devices for sale (issue 33).
    staffQuery("/admin/purchases", { q: "905 555", on: "2026-06-15", page: "1" }),
    staffForm("/admin/purchases/new", {
      submissionKey: "hostile-purchase",
      sellerName: "Jordan Seller",
      sellerPhone: "905-555-0142",
      idType: "drivers_licence",
      idNumber: "A1234-56789-01234",
      category: "mobile",
      brand: "Apple",
      model: "iPhone 13",
      identifier: "490154203237518",
      grade: "good",
      blocklistClear: "on",
      amount: "240.00",
      payoutMethod: "cash",
      declarationName: "Jordan Seller",
      signature: "M10 10L20 20",
    }),
    staffQuery("/admin/stock", { q: "iPhone", state: "for_sale", category: "mobile", page: "1" }),
    staffForm("/admin/stock/new", {
      category: "mobile",
      brand: "Apple",
      model: "iPhone 12",
      identifier: "C02XK0AAJG5H",
      grade: "fair",
      price: "299.00",
      cost: "150.00",
      warrantyMonths: "3",
    }),
    staffForm("/admin/stock/:id", { id: "1", intent: "move", version: "1", to: "for_sale" }),
    staffForm("/admin/stock/:id/photos", { id: "1", caption: "Front and back" }),
    // A photo's Delete, the address's plain form: a photo of no device is refused, nothing deleted.
    staffForm("/admin/stock/:id/photos", {
      id: "1",
      intent: "photo_delete",
      photo: "AAAAAAAAAAAAAAAAAAAAAA",
    }),
    staffForm("/admin/stock/:id", {
      id: "1",
      intent: "save",
      version: "1",
      category: "mobile",
      brand: "Apple",
      model: "iPhone 12",
      identifier: "C02XK0AAJG5H",
      grade: "fair",
      price: "299.00",
      cost: "150.00",
      warrantyMonths: "3",
    }),
    staffQuery("/admin/messages", { show: "all", page: "1" }),
    staffForm("/admin/messages", { id: "1", handled: "true" }),
    staffForm("/admin/reservations", { id: "1" }),
    staffForm("/admin/outbox", { id: "1" }),
    staffForm("/admin/outbox", { intent: "retry-all" }),
  ];
}

/** The price list's editor, at the page and the legacy doors. */
function priceListTargets(): Target[] {
  return [
    staffForm("/admin/repair-items/new", validItem),
    staffForm("/admin/repair-items/2/edit", { ...validItem, ...itemAsRead }),
    staffForm("/admin/repair-items/5/delete", { version: "1" }),
    staffQuery("/admin/repair-items", { q: "iPhone", category: "mobile" }),
    staffQuery("/admin/repair-items.csv", { q: "iPhone", category: "mobile", brand: "Apple" }),
  ];
}

const sellDevice = { category: "mobile", brand: "Apple", model: "iPhone 15", storage: "128 GB" };
const sellAnswers = {
  powersOn: "yes",
  screen: "flawless",
  body: "scratched",
  battery: "good",
  partsWork: "yes",
  accountLocked: "no",
  carrierLocked: "no",
};
const validOffer = {
  ...sellDevice,
  ...sellAnswers,
  name: "Sam Seller",
  email: "sam@example.com",
  phone: "905-555-0142",
  sendByEmail: "on",
  dropOff: "walk-in",
};
const validGridRow = {
  deviceCategory: "mobile",
  brand: "Apple",
  model: "iPhone 15",
  storage: "512 GB",
  excellent: "500",
  good: "400",
  fair: "300",
  broken: "100",
  battery: "40",
  parts: "80",
  carrierLock: "30",
};

/** /sell (its steps, the offer form, the offline doors) and the staff's trade-in pages. */
function tradeTargets(): Target[] {
  return [
    { method: "GET", path: "/sell", kind: "query", valid: { ...sellDevice, ...sellAnswers } },
    { method: "POST", path: "/sell", kind: "form", valid: validOffer },
    { method: "POST", path: "/sell/queued", kind: "form", valid: validOffer },
    {
      method: "POST",
      path: "/sell/landed",
      kind: "form",
      valid: { submissionKey: "phone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    },
    { method: "GET", path: "/sell/offer/:token", kind: "query", valid: { token: "t".repeat(43) } },
    staffQuery("/admin/trade-ins", { q: "T-", state: "open", page: "1" }),
    staffForm("/admin/trade-ins/:id", { id: "1", status: "declined" }),
    staffQuery("/admin/trade-ins/grid", { q: "iPhone", category: "mobile", brand: "Apple" }),
    staffForm("/admin/trade-ins/grid", { file: "category,brand" }),
    staffForm("/admin/trade-ins/grid/new", validGridRow),
    staffForm("/admin/trade-ins/grid/2/edit", { ...validGridRow, version: "1" }),
    staffForm("/admin/trade-ins/grid/3/edit", { intent: "delete", version: "1" }),
    staffQuery("/admin/trade-ins/grid.csv", { category: "mobile" }),
  ];
}

/** The legacy staff doors, signed in by bearer token. */
function legacyStaffTargets(): Target[] {
  const json = (path: string, valid: Record<string, unknown>) =>
    ({ method: "POST", path, kind: "json", valid, staff: true }) as Target;
  return [
    json("/api/admin/update_booking.php", { id: 1, ...validStatus }),
    json("/api/admin/add_repair_item.php", validItem),
    json("/api/admin/update_repair_item.php", { id: 3, ...validItem, version: 1 }),
    json("/api/admin/delete_repair_item.php", { id: 4 }),
    staffQuery("/api/admin/get_bookings.php", { status: "pending", page: "1" }),
    ...["brand", "category", "issue"].map((by) =>
      staffQuery(`/api/admin/get_bookings_by_${by}.php`, { from: "2026-01-01", to: "2026-06-30" }),
    ),
    staffQuery("/api/admin/get_repair_items.php", { category: "mobile" }),
  ];
}

/**
 * The Staff page (any account: the clerk's here) and Account & Security (one's own). The last
 * few end the signed-in session itself: the spec signs in again after each of their requests.
 */
function accountTargets(fixture: Fixture): Target[] {
  const clerk = String(fixture.clerk.id);
  return [
    staffForm("/admin/staff", {
      intent: "create",
      username: "counter.clerk",
      role: "technician",
      password: "a long enough password",
    }),
    staffForm("/admin/staff", { intent: "role", id: clerk, role: "front_desk", version: "1" }),
    staffForm("/admin/staff", { intent: "disable", id: clerk, version: "2" }),
    staffForm("/admin/staff", { intent: "enable", id: clerk, version: "3" }),
    staffForm("/admin/staff", { intent: "reset_two_factor", id: clerk, version: "4" }),
    staffForm("/admin/staff", {
      intent: "reset_password",
      id: clerk,
      version: "5",
      password: "another long enough password",
    }),
    // Settings as roomy as the form allows: a stored save limits nothing this group posts.
    staffForm("/admin/settings", {
      bookingSlotCapacity: "100",
      bookingLimitPerCustomer: "50",
      quoteApprovalStartsRepair: "off",
      changeCutoffHours: "2",
      bookingsConfirmedAtOnce: "received",
      version: "1",
    }),
    // Closures and special hours past the booking window, so no booking this run makes is refused.
    staffForm("/admin/hours", {
      intent: "closure",
      from: addDays(shopToday(), 400),
      to: addDays(shopToday(), 402),
      reason: "Renovation",
    }),
    staffForm("/admin/hours", {
      intent: "hours",
      date: addDays(shopToday(), 410),
      opens: "11:00",
      closes: "15:00",
      reason: "Inventory",
    }),
    staffForm("/admin/hours", { intent: "remove", id: "1", version: "1" }),
    // The shop's photos page without a photo (the fuzz sends no file): refused, nothing stored.
    staffForm("/admin/photos", { intent: "add", place: "bench", caption: "The repair bench" }),
    staffForm("/admin/photos", {
      intent: "edit",
      place: "hero",
      photo: "AAAAAAAAAAAAAAAAAAAAAA",
      version: "1",
      caption: "The front counter",
    }),
    staffForm("/admin/photos", {
      intent: "move",
      place: "hero",
      photo: "AAAAAAAAAAAAAAAAAAAAAA",
      version: "1",
      direction: "later",
    }),
    staffForm("/admin/staff", { intent: "end_session", id: clerk, session: fixture.clerk.session }),
    staffForm("/admin/staff", { intent: "end_sessions", id: clerk }),
    // A wrong current password, so the fuzz never changes the one it signs in with.
    staffForm("/admin/security", {
      intent: "change_password",
      currentPassword: "not the current password",
      newPassword: "a brand new long password",
      confirmPassword: "a brand new long password",
    }),
    staffForm("/admin/security", { intent: "begin" }),
    staffForm("/admin/security", { intent: "confirm", code: "123456" }),
    staffForm("/admin/security", { intent: "regenerate", code: "123456" }),
    staffForm("/admin/security", { intent: "disable", code: "123456" }),
    staffForm("/admin/security", { intent: "cancel" }),
    staffForm("/admin/security", { intent: "end_session", id: "1", session: "0123456789abcdef" }),
    staffForm("/admin/security", { intent: "end_sessions", id: "1" }, { endsSession: true }),
    staffForm("/admin/logout", {}, { endsSession: true }),
    {
      method: "POST",
      path: "/api/admin/logout.php",
      kind: "json",
      valid: {},
      staff: true,
      endsSession: true,
    },
  ];
}

/**
 * The targets in five groups of about the same cost, each fuzzed on a server of its own (in
 * parallel where the machine has the cores), in an order that keeps the fixture's rows useful: the photo is deleted, and the
 * sessions ended, last.
 */
export const hostileTargetGroups: Record<string, (fixture: Fixture) => Target[]> = {
  "the public site, its legacy doors and the secret links": publicTargets,
  "a repair's page and the walk-in form": (fixture) => [
    ...repairTargets(fixture),
    ...walkInTargets(fixture),
    staffForm("/admin/repairs/:id", {
      id: String(fixture.repair.id),
      intent: "photo_delete",
      photo: fixture.photo,
    }),
  ],
  "customers and the lists": (fixture) => [...customerTargets(fixture), ...listTargets(fixture)],
  "the price list and the legacy staff doors": () => [
    ...priceListTargets(),
    ...legacyStaffTargets(),
  ],
  "the shop's rules and the staff accounts": accountTargets,
  "selling a device and the trade-in pages": tradeTargets,
};
