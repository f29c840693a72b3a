import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { auditEvents, bookings, staffUsers } from "../../db/schema";
import { createStaffUser } from "~/models/staff-user.server";
import type { StaffRole } from "~/models/staff-session.server";
import { action as loginAction } from "~/routes/admin_.login";
import { formPost, routeArgs } from "./forms";
import type { AuditEntry } from "~/types/staff";
import { phoneDigits } from "~/utils/phone";

export type BookingRow = typeof bookings.$inferInsert;

let sequence = 0;

/** A booking written straight to the table, so a test can choose its creation time and status. */
export async function insertBooking(db: Database, overrides: Partial<BookingRow> = {}) {
  sequence += 1;
  const phone = overrides.phone ?? `905-555-${String(1000 + (sequence % 9000)).padStart(4, "0")}`;
  const [row] = await db
    .insert(bookings)
    .values({
      firstName: "Test",
      lastName: `Customer${sequence}`,
      email: `customer${sequence}@example.com`,
      phone,
      phoneDigits: phoneDigits(phone),
      deviceCategory: "mobile",
      deviceBrand: "Apple",
      deviceModel: "iPhone 13",
      issueType: "Battery Replacement",
      preferredDate: "2026-06-15",
      preferredTime: "11:00",
      trackingToken: randomBytes(24).toString("base64url"),
      submissionKey: randomBytes(18).toString("base64url"),
      payloadHash: randomBytes(32).toString("hex"),
      ...overrides,
    })
    .returning();
  return row!;
}

export const staffPassword = "correct horse battery staple";

/** A staff account of its own for the calling test. */
export async function createTestStaff(
  db: Database,
  username: string,
  role: StaffRole = "technician",
) {
  await createStaffUser(username, staffPassword, role);
  const [staff] = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.username, username));
  return staff!;
}

/** A staff account of its own, signed in through the login form: its id, name and cookie. */
export async function signedInStaff(
  db: Database,
  username: string,
  role: StaffRole = "technician",
) {
  const staff = await createTestStaff(db, username, role);
  const login = await loginAction(
    routeArgs(formPost("/admin/login", { username, password: staffPassword })),
  );
  if (!(login instanceof Response)) throw new Error(`login of ${username} refused`);
  return { ...staff, cookie: cookiesFrom(login) };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser would send them back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** A record's entries in the audit trail, oldest first. */
export const auditTrailOf = (db: Database, entity: AuditEntry["entity"], entityId: number) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id));
