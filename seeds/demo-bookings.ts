import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookingEvents, bookings } from "#db/schema";
import type { BookingStatus } from "~/types/booking";
import { cannedNotes } from "~/utils/canned-notes";
import { phoneDigits } from "~/utils/phone";
import { emailKey } from "~/utils/recipient-key";
import { addDays, shopToday } from "~/utils/shop-time";

type Demo = {
  name: [string, string];
  phone: string;
  category: (typeof bookings.$inferInsert)["deviceCategory"];
  brand: string;
  model: string;
  issue: string;
  status: BookingStatus;
  daysAgo: number;
};

const demos: Demo[] = [
  {
    name: ["Olivia", "Chen"],
    phone: "905-555-0111",
    category: "mobile",
    brand: "Apple",
    model: "iPhone 14",
    issue: "Screen Repair",
    status: "pending",
    daysAgo: 0,
  },
  {
    name: ["Liam", "Patel"],
    phone: "289-555-0112",
    category: "mobile",
    brand: "Samsung",
    model: "Galaxy S23",
    issue: "Battery Replacement",
    status: "in_progress",
    daysAgo: 1,
  },
  {
    name: ["Emma", "Tremblay"],
    phone: "905-555-0113",
    category: "laptop",
    brand: "Apple",
    model: "MacBook Air M1",
    issue: "Keyboard Replacement",
    status: "waiting_parts",
    daysAgo: 3,
  },
  {
    name: ["Noah", "Singh"],
    phone: "365-555-0114",
    category: "tablet",
    brand: "Apple",
    model: "iPad 9th Gen",
    issue: "Screen Repair",
    status: "completed",
    daysAgo: 5,
  },
  {
    name: ["Ava", "MacDonald"],
    phone: "905-555-0115",
    category: "console",
    brand: "Nintendo",
    model: "Switch OLED",
    issue: "Charging Port Repair",
    status: "ready_for_pickup",
    daysAgo: 6,
  },
  {
    name: ["Lucas", "Nguyen"],
    phone: "289-555-0116",
    category: "watch",
    brand: "Apple",
    model: "Watch Series 8",
    issue: "Battery Replacement",
    status: "cancelled",
    daysAgo: 8,
  },
  {
    name: ["Sophia", "Wilson"],
    phone: "905-555-0117",
    category: "mobile",
    brand: "Google",
    model: "Pixel 7",
    issue: "Back Glass Repair",
    status: "completed",
    daysAgo: 10,
  },
  {
    name: ["Ethan", "Roy"],
    phone: "905-555-0118",
    category: "laptop",
    brand: "Dell",
    model: "XPS 13",
    issue: "Water Damage",
    status: "pending",
    daysAgo: 0,
  },
];

/**
 * A few bookings in every status, so the dashboard and lists have something to show in
 * development. Only on an empty bookings table; the server calls this in development only.
 */
export async function seedDemoBookingsIfEmpty(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(bookings);
  if (existing && existing.n > 0) return 0;
  const today = shopToday();
  return db.transaction(async (tx) => {
    for (const demo of demos) {
      const createdAt = new Date(Date.now() - demo.daysAgo * 86_400_000);
      const email = `${demo.name[0].toLowerCase()}.${demo.name[1].toLowerCase()}@example.com`;
      const [row] = await tx
        .insert(bookings)
        .values({
          firstName: demo.name[0],
          lastName: demo.name[1],
          email,
          emailKey: emailKey(email),
          phone: demo.phone,
          phoneDigits: phoneDigits(demo.phone),
          deviceCategory: demo.category,
          deviceBrand: demo.brand,
          deviceModel: demo.model,
          issueType: demo.issue,
          issueDescription: `Demo booking: ${demo.issue.toLowerCase()} for a ${demo.brand} ${demo.model}.`,
          preferredDate: addDays(today, 2 - demo.daysAgo),
          preferredTime: "11:00",
          status: demo.status,
          customerNote: cannedNotes[demo.status],
          trackingToken: randomBytes(24).toString("base64url"),
          submissionKey: randomBytes(18).toString("base64url"),
          payloadHash: randomBytes(32).toString("hex"),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: bookings.id });
      const history =
        demo.status === "pending" ? [] : [{ status: demo.status, note: cannedNotes[demo.status] }];
      await tx
        .insert(bookingEvents)
        .values([
          { bookingId: row!.id, status: "pending" as const, note: null, createdAt },
          ...history.map((event) => ({ bookingId: row!.id, ...event })),
        ]);
    }
    return demos.length;
  });
}
