// What the hostile-input spec finds stored once the fuzz is over: every row its forms can write,
// read back through the schema of the form that writes it. A row no form would accept was
// half-checked or half-written.
import type { Database } from "../../../db/client";
import {
  bookings,
  contactMessages,
  customerContacts,
  customers,
  devices,
  pageViewDays,
  photos,
  quotes,
  repairItems,
  repairNotes,
  staffUsers,
  webVitalSamples,
} from "../../../db/schema";
import { bookingSchema } from "../../../app/schemas/booking";
import { contactSchema } from "../../../app/schemas/contact";
import { customerEditSchema } from "../../../app/schemas/customer";
import { emailField, hasNoControlCharacters } from "../../../app/schemas/fields";
import { parseQuote } from "../../../app/schemas/intake";
import { photoUploadSchema } from "../../../app/schemas/photo";
import { privateNoteSchema } from "../../../app/schemas/private-note";
import { quoteSchema } from "../../../app/schemas/quote";
import { repairDetailsSchema } from "../../../app/schemas/repair-details";
import { repairItemSchema } from "../../../app/schemas/repair-item";
import { usernamePattern } from "../../../app/schemas/staff";
import { walkInSchema } from "../../../app/schemas/walk-in";
import { intakeCheckResults, intakeChecks } from "../../../app/types/intake";
import { checkDeviceIdentifier } from "../../../app/utils/device-identifier";
import { checklistFieldValues } from "../../../app/utils/intake-checklist";
import { isValidPhone, phoneDigits } from "../../../app/utils/phone";
import { emailKey } from "../../../app/utils/recipient-key";

type Parsed = { error?: { issues: unknown[] } };
type Booking = typeof bookings.$inferSelect;

/** `what` and the schema's complaints, when it has any. */
const refused = (what: string, parsed: Parsed) =>
  parsed.error ? [`${what}: ${JSON.stringify(parsed.error.issues)}`] : [];
const unless = (ok: boolean, what: string) => (ok ? [] : [what]);

/** A stored checklist holds only the form's checks, each with one of its results. */
const checklistProblems = (row: Booking) =>
  Object.entries(row.intakeChecklist ?? {}).flatMap(([check, result]) =>
    unless(
      (intakeChecks as readonly string[]).includes(check) &&
        (intakeCheckResults as readonly string[]).includes(result),
      `booking ${row.id}: checklist ${check}=${JSON.stringify(result)}`,
    ),
  );

/** A booking's customer, device and intake as the intake forms send them. */
const typedIntake = (row: Booking) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email ?? "",
  phone: row.phone,
  deviceBrand: row.deviceBrand ?? "",
  deviceModel: row.deviceModel ?? "",
  issueType: row.issueType,
  issueDescription: row.issueDescription ?? "",
  quotedPrice: row.quotedPrice ?? "",
  deviceCondition: row.deviceCondition ?? "",
  accessories: row.accessories ?? "",
  ...checklistFieldValues(row.intakeChecklist),
});

/** Every booking as the repair page's details and intake form reads it: what staff can save. */
const asDetails = (row: Booking) =>
  repairDetailsSchema.safeParse({
    intent: "details",
    ...typedIntake(row),
    passcode:
      row.passcodeWithheld === null ? undefined : row.passcodeWithheld ? "withheld" : "given",
  });

const asWalkIn = (row: Booking) =>
  walkInSchema.safeParse({
    ...typedIntake(row),
    deviceCategory: row.deviceCategory,
    passcode: row.passcodeWithheld ? "withheld" : "given",
    urgency: row.urgency,
    expectedDeliveryDate: row.expectedDeliveryDate ?? "",
    status: row.status,
    notifyBy: row.notifyBy,
    submissionKey: "stored-walk-in",
  });

const asBooking = (row: Booking) =>
  bookingSchema.safeParse({
    ...typedIntake(row),
    email: row.email,
    deviceCategory: row.deviceCategory,
    preferredDate: row.preferredDate,
    preferredTime: row.preferredTime,
    urgency: row.urgency,
    submissionKey: row.submissionKey,
  });

async function bookingProblems(db: Database) {
  const rows = await db.select().from(bookings);
  return [
    ...unless(rows.length > 0, "no booking stored at all"),
    ...rows.flatMap((row) => [
      ...checklistProblems(row),
      ...refused(`booking ${row.id} as the details form`, asDetails(row)),
      ...(row.source === "walk_in"
        ? refused(`walk-in ${row.id}`, asWalkIn(row))
        : refused(`booking ${row.id}`, asBooking(row))),
    ]),
  ];
}

/** Customers, their contacts and devices (decision 0042), as their forms would take them. */
async function customerProblems(db: Database) {
  const contactOk = (c: typeof customerContacts.$inferSelect) =>
    c.kind === "phone"
      ? isValidPhone(c.value) && c.matchKey === phoneDigits(c.value)
      : emailField.safeParse(c.value).success && c.matchKey === emailKey(c.value);
  const deviceOk = (d: typeof devices.$inferSelect) => {
    const typed = d.imei ?? d.serialNumber;
    if (typed === null) return true;
    const checked = checkDeviceIdentifier(typed);
    return (
      checked.ok &&
      checked.identifier.kind === (d.imei ? "imei" : "serial") &&
      checked.identifier.value === typed
    );
  };
  return [
    ...(await db.select().from(customers)).flatMap((row) =>
      refused(
        `customer ${row.id}`,
        customerEditSchema.safeParse({
          intent: "edit",
          firstName: row.firstName,
          lastName: row.lastName,
          notifyBy: row.notifyBy,
          version: String(row.version),
        }),
      ),
    ),
    ...(await db.select().from(customerContacts)).flatMap((row) =>
      unless(contactOk(row), `contact ${row.id}: ${row.kind} ${JSON.stringify(row.value)}`),
    ),
    ...(await db.select().from(devices)).flatMap((row) =>
      unless(deviceOk(row), `device ${row.id}: ${JSON.stringify([row.imei, row.serialNumber])}`),
    ),
  ];
}

/** What staff add to a repair: private notes, quotes, photos. */
async function repairAdditionProblems(db: Database) {
  return [
    ...(await db.select().from(repairNotes)).flatMap((row) =>
      refused(`note ${row.id}`, privateNoteSchema.safeParse({ privateNote: row.body })),
    ),
    ...(await db.select().from(quotes)).flatMap((row) => [
      ...unless(parseQuote(row.amount) === row.amount, `quote ${row.id}: amount ${row.amount}`),
      ...refused(`quote ${row.id}`, quoteSchema.shape.covers.safeParse(row.covers)),
    ]),
    ...(await db.select().from(photos)).flatMap((row) =>
      refused(
        `photo ${row.id}`,
        photoUploadSchema.safeParse({ kind: row.kind, caption: row.caption ?? "" }),
      ),
    ),
  ];
}

/** The public forms' and the price list's rows, staff accounts and the analytics counters. */
async function otherProblems(db: Database) {
  const path = (what: string, value: string) =>
    unless(
      value.startsWith("/") && hasNoControlCharacters(value),
      `${what} ${JSON.stringify(value)}`,
    );
  return [
    ...(await db.select().from(contactMessages)).flatMap((row) =>
      refused(
        `message ${row.id}`,
        contactSchema.safeParse({
          name: row.name,
          email: row.email,
          phone: row.phone ?? "",
          subject: row.subject ?? "",
          message: row.message,
          submissionKey: row.submissionKey,
        }),
      ),
    ),
    ...(await db.select().from(repairItems)).flatMap((row) =>
      refused(
        `repair item ${row.id}`,
        repairItemSchema.safeParse({
          deviceCategory: row.category,
          brand: row.brand,
          series: row.series ?? "",
          model: row.model,
          issue: row.repair,
          price: row.price ?? row.priceLabel,
        }),
      ),
    ),
    ...(await db.select().from(staffUsers)).flatMap((row) =>
      unless(usernamePattern.test(row.username), `staff ${row.id}: ${row.username}`),
    ),
    ...(await db.select().from(pageViewDays)).flatMap((row) => [
      ...path("counted path", row.path),
      ...unless(row.views > 0, `counted path ${row.path}: ${row.views} views`),
    ]),
    ...(await db.select().from(webVitalSamples)).flatMap((row) => [
      ...path("measured path", row.path),
      ...unless(Number.isFinite(row.value) && row.value >= 0, `vital ${row.id}: ${row.value}`),
    ]),
  ];
}

/** Every stored row that the form writing it would refuse, one line each. */
export async function storedRowProblems(db: Database): Promise<string[]> {
  return [
    ...(await bookingProblems(db)),
    ...(await customerProblems(db)),
    ...(await repairAdditionProblems(db)),
    ...(await otherProblems(db)),
  ];
}
