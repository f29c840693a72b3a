import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { bookings, invoices } from "../../db/schema";
import { bookingReference } from "~/utils/booking-reference";
import { updateRepairStatus } from "~/models/booking-changes.server";
import {
  countNewBookings,
  listRepairRequests,
  searchCountCap,
  type RepairListFilter,
  type RepairListPage,
} from "~/models/booking-list.server";
import type { RepairListSort } from "~/utils/repair-list-sorts";
import { addDays, shopToday } from "~/utils/shop-time";
import { loader as listLoader } from "~/routes/admin.repairs";
import { loader as csvLoader } from "~/routes/admin.repairs[.csv]";
import { action as loginAction } from "~/routes/admin_.login";
import { repairListQuerySchema } from "~/schemas/admin-filters";
import { cookiesFrom, createTestStaff, insertBooking, staffPassword } from "../support/admin";
import { parseCsv } from "../support/csv";
import { formPost, routeArgs } from "../support/forms";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";
import { responseOf } from "../support/answers";

let handle: TestDatabase;
let staff: { id: number; username: string };
type Row = Awaited<ReturnType<typeof insertBooking>>;
const fixture: Record<"priya" | "zoe" | "li" | "oliver" | "walkIn", Row> = {} as never;
const today = shopToday();

beforeAll(async () => {
  handle = await installTestDatabase();
  staff = await createTestStaff(handle.db, "list-tester", "manager");
  fixture.priya = await insertBooking(handle.db, {
    firstName: "Priya",
    lastName: "Raman",
    email: "Priya.Raman@Example.com",
    phone: "+1 (289) 555-0177",
    deviceCategory: "mobile",
    deviceBrand: "Apple",
    deviceModel: "iPhone 13",
    preferredDate: "2026-06-10",
    preferredTime: "10:30",
    urgency: "urgent",
    status: "pending",
    createdAt: new Date("2026-03-01T15:00:00Z"),
  });
  fixture.zoe = await insertBooking(handle.db, {
    firstName: "Zoë",
    lastName: "Côté",
    email: "zoe.cote@example.com",
    phone: "905-555-0142",
    deviceCategory: "tablet",
    deviceBrand: "Samsung",
    deviceModel: "Galaxy Tab S8",
    issueType: "Screen Repair",
    issueDescription: 'Cracked "badly", top left\nand the pen is stuck',
    customerNote: '=HYPERLINK("http://evil.example","click")',
    preferredDate: "2026-06-12",
    preferredTime: "14:00",
    urgency: "emergency",
    status: "in_progress",
    expectedDeliveryDate: addDays(today, -2),
    createdAt: new Date("2026-03-02T15:00:00Z"),
  });
  fixture.li = await insertBooking(handle.db, {
    firstName: "Li",
    lastName: "Wong",
    email: "li.wong@example.com",
    phone: "416 555 0199",
    deviceCategory: "laptop",
    deviceBrand: "Lenovo",
    deviceModel: "ThinkPad X1",
    issueType: "+1 keyboard",
    preferredDate: "2026-06-11",
    preferredTime: "11:00",
    status: "waiting_parts",
    expectedDeliveryDate: addDays(today, 5),
    createdAt: new Date("2026-03-03T15:00:00Z"),
  });
  fixture.oliver = await insertBooking(handle.db, {
    firstName: "Oliver",
    lastName: "Smith",
    email: "oliver@example.com",
    phone: "647-555-0123",
    deviceCategory: "mobile",
    deviceBrand: "Apple",
    deviceModel: "iPhone 12",
    preferredDate: "2026-06-09",
    preferredTime: "16:00",
    status: "completed",
    expectedDeliveryDate: addDays(today, -10),
    createdAt: new Date("2026-03-04T15:00:00Z"),
  });
  fixture.walkIn = await insertBooking(handle.db, {
    firstName: "Ann",
    lastName: "Tremblay",
    email: null,
    source: "walk_in",
    phone: "289-555-0100",
    deviceCategory: "console",
    deviceBrand: null,
    deviceModel: null,
    preferredDate: "2026-06-13",
    preferredTime: "12:00",
    status: "ready_for_pickup",
    createdAt: new Date("2026-03-05T15:00:00Z"),
  });
});
afterAll(() => handle.drop());

const firstPage: RepairListPage = { limit: 2000, offset: 0 };
const ids = async (filter: RepairListFilter, page: Partial<RepairListPage> = {}) =>
  (await listRepairRequests(filter, { ...firstPage, ...page })).rows.map((row) => row.id);
const found = async (q: string) => new Set(await ids({ q }));

describe(`repair list search on ${testDriver}`, () => {
  it("finds a repair by its reference in any spelling", async () => {
    const id = fixture.li.id;
    for (const q of [bookingReference(id), `wf-${id}`, `#${id}`, String(id)])
      expect(await ids({ q }), q).toContain(id);
  });

  it("finds a customer by name, either name or both, in any case", async () => {
    for (const q of ["Priya", "raman", "PRIYA RAMAN", "Raman Priya"])
      expect(await ids({ q }), q).toEqual([fixture.priya.id]);
    expect(await ids({ q: "Zoë Côté" })).toEqual([fixture.zoe.id]);
  });

  it("finds a phone number however it is typed", async () => {
    for (const q of [
      "905-555-0142",
      "(905) 5550142",
      "+1 905 555 0142",
      "1-905-555-0142",
      "9055550142",
      "905.555.0142",
      "555-0142",
      "0142",
    ]) {
      expect(await ids({ q }), q).toEqual([fixture.zoe.id]);
    }
    expect(await ids({ q: "+1 (289) 555-0177" })).toEqual([fixture.priya.id]);
    expect(new Set(await ids({ q: "289" }))).toEqual(
      new Set([fixture.priya.id, fixture.walkIn.id]),
    );
  });

  it("finds an e-mail address, whatever its case", async () => {
    expect(await ids({ q: "priya.raman@example.com" })).toEqual([fixture.priya.id]);
    expect(await ids({ q: "ZOE.COTE@" })).toEqual([fixture.zoe.id]);
  });

  it("finds brand and model, every word having to match", async () => {
    expect(await ids({ q: "iPhone 13" })).toEqual([fixture.priya.id]);
    expect(await found("apple")).toEqual(new Set([fixture.priya.id, fixture.oliver.id]));
    expect(await ids({ q: "samsung galaxy" })).toEqual([fixture.zoe.id]);
    expect(await ids({ q: "thinkpad" })).toEqual([fixture.li.id]);
    expect(await ids({ q: "Apple Galaxy" })).toEqual([]);
  });

  it("reads a word of one or two letters as the start of a word", async () => {
    expect(await ids({ q: "li" })).toEqual([fixture.li.id]);
    expect(await ids({ q: "Li Wong" })).toEqual([fixture.li.id]);
  });

  it("takes % and _ literally and finds nothing for what matches nothing", async () => {
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ q: "pri_a" })).toEqual([]);
    expect(await ids({ q: "nobody-like-this" })).toEqual([]);
    expect(await ids({ q: "()" })).toEqual([]);
  });

  it("counts a broad search only up to the cap and still lists a page of it", async () => {
    const many = Array.from({ length: searchCountCap + 5 }, (_, i) => ({
      firstName: "Bulk",
      lastName: `Capped${i}`,
      email: `bulk${i}@example.com`,
      phone: "613-555-0000",
      phoneDigits: "6135550000",
      deviceCategory: "watch" as const,
      issueType: "Other",
      preferredDate: "2025-01-01",
      preferredTime: "11:00",
      trackingToken: randomBytes(24).toString("base64url"),
      submissionKey: randomBytes(18).toString("base64url"),
      payloadHash: randomBytes(32).toString("hex"),
      createdAt: new Date("2025-01-01T15:00:00Z"),
    }));
    await handle.db.insert(bookings).values(many);
    const broad = await listRepairRequests({ q: "capped" }, { limit: 20, offset: 0 });
    expect(broad).toMatchObject({ total: searchCountCap, capped: true });
    expect(broad.rows).toHaveLength(20);
    expect(await listRepairRequests({ q: "capped1000" }, { limit: 20, offset: 0 })).toMatchObject({
      total: 1,
      capped: false,
    });
    // Lists without a search count exactly, however many there are.
    expect(await listRepairRequests({ category: "watch" }, { limit: 20, offset: 0 })).toMatchObject(
      { total: searchCountCap + 5, capped: false },
    );
  });
});

describe(`repair list filters and sorts on ${testDriver}`, () => {
  const mine = (list: number[]) =>
    list.filter((id) => Object.values(fixture).some((row) => row.id === id));

  it("filters by status, device category and urgency, alone and together", async () => {
    expect(await ids({ status: "waiting_parts" })).toEqual([fixture.li.id]);
    expect(new Set(await ids({ category: "mobile" }))).toEqual(
      new Set([fixture.priya.id, fixture.oliver.id]),
    );
    expect(await ids({ urgency: "emergency" })).toEqual([fixture.zoe.id]);
    expect(await ids({ category: "mobile", urgency: "urgent" })).toEqual([fixture.priya.id]);
    expect(await ids({ category: "mobile", status: "in_progress" })).toEqual([]);
    expect(await ids({ q: "apple", status: "completed" })).toEqual([fixture.oliver.id]);
  });

  it("filters by appointment day or by created day, both ends included", async () => {
    expect(
      await ids(
        { appointmentFrom: "2026-06-10", appointmentTo: "2026-06-12" },
        { sort: "appointment", dir: "asc" },
      ),
    ).toEqual([fixture.priya.id, fixture.li.id, fixture.zoe.id]);
    expect(await ids({ appointmentFrom: "2026-06-13" })).toEqual([fixture.walkIn.id]);
    // 2026-03-02 15:00 UTC is 10:00 in Toronto, on the 2nd.
    expect(await ids({ createdFrom: "2026-03-02", createdTo: "2026-03-03" })).toEqual([
      fixture.li.id,
      fixture.zoe.id,
    ]);
  });

  const orders: [RepairListSort, (keyof typeof fixture)[]][] = [
    ["reference", ["priya", "zoe", "li", "oliver", "walkIn"]],
    ["customer", ["walkIn", "li", "oliver", "priya", "zoe"]],
    ["device", ["oliver", "priya", "zoe", "li", "walkIn"]],
    ["appointment", ["oliver", "priya", "li", "zoe", "walkIn"]],
    ["status", ["priya", "zoe", "li", "oliver", "walkIn"]],
    ["created", ["priya", "zoe", "li", "oliver", "walkIn"]],
  ];
  it.each(orders)("sorts by %s both ways", async (sort, ascending) => {
    const expected = ascending.map((name) => fixture[name].id);
    expect(mine(await ids({}, { sort, dir: "asc" }))).toEqual(expected);
    expect(mine(await ids({}, { sort, dir: "desc" }))).toEqual([...expected].reverse());
  });

  it("sorts by expected delivery with undated repairs last either way", async () => {
    const dated = [fixture.oliver.id, fixture.zoe.id, fixture.li.id];
    const asc = mine(await ids({}, { sort: "delivery", dir: "asc" }));
    const desc = mine(await ids({}, { sort: "delivery", dir: "desc" }));
    expect(asc.slice(0, 3)).toEqual(dated);
    expect(desc.slice(0, 3)).toEqual([...dated].reverse());
    expect(new Set(asc.slice(3))).toEqual(new Set([fixture.priya.id, fixture.walkIn.id]));
  });

  it("pages through a sort without repeating or skipping a row", async () => {
    const all = await ids({ q: "capped" }, { sort: "customer", dir: "asc", limit: 30 });
    const paged = [
      ...(await ids({ q: "capped" }, { sort: "customer", dir: "asc", limit: 15 })),
      ...(await ids({ q: "capped" }, { sort: "customer", dir: "asc", limit: 15, offset: 15 })),
    ];
    expect(paged).toEqual(all);
  });
});

describe("the list's URL", () => {
  it("keeps good values and falls back to no filter for malformed ones", () => {
    expect(
      repairListQuerySchema.parse({
        status: "In Progress",
        category: "laptop",
        urgency: "urgent",
        dates: "created",
        from: "2026-03-01",
        to: "2026-03-31",
        sort: "appointment",
        page: "3",
      }),
    ).toEqual({
      q: undefined,
      status: "in_progress",
      category: "laptop",
      urgency: "urgent",
      dates: "created",
      from: "2026-03-01",
      to: "2026-03-31",
      sort: "appointment",
      dir: "asc",
      page: 3,
    });
    expect(
      repairListQuerySchema.parse({
        status: "lost",
        category: "toaster",
        urgency: "now",
        dates: "whenever",
        from: "2026-02-30",
        to: "soon",
        sort: "price",
        dir: "up",
        page: "-1",
      }),
    ).toEqual({
      q: undefined,
      status: undefined,
      category: undefined,
      urgency: undefined,
      dates: "appointment",
      from: undefined,
      to: undefined,
      sort: "created",
      dir: "desc",
      page: 1,
    });
  });
});

describe(`the list page and its CSV export on ${testDriver}`, () => {
  async function staffCookie() {
    const response = responseOf(
      await loginAction(
        routeArgs(formPost("/admin/login", { username: staff.username, password: staffPassword })),
      ),
    );
    return cookiesFrom(response);
  }
  const get = async (path: string) =>
    new Request(`http://localhost${path}`, { headers: { cookie: await staffCookie() } });

  it("lists formatted rows, flags overdue repairs and resets the menu's new-bookings count", async () => {
    const fresh = await insertBooking(handle.db, {
      firstName: "Fresh",
      lastName: "Booking",
      preferredDate: "2024-01-01",
    });
    expect(await countNewBookings(staff.id)).toBeGreaterThan(0);
    // A link on another site opens the list but does not clear the count for the staff member.
    const fromElsewhere = await get("/admin/repairs");
    fromElsewhere.headers.set("sec-fetch-site", "cross-site");
    await listLoader(routeArgs(fromElsewhere));
    expect(await countNewBookings(staff.id)).toBeGreaterThan(0);
    const data = await listLoader(routeArgs(await get("/admin/repairs?q=905-555-0142")));
    expect(data.items).toEqual([
      expect.objectContaining({
        reference: bookingReference(fixture.zoe.id),
        customerName: "Zoë Côté",
        phone: "(905) 555-0142",
        category: "Tablet",
        device: "Samsung Galaxy Tab S8",
        appointmentDate: "Fri, Jun 12, 2026",
        appointmentTime: "2:00 PM",
        urgency: { value: "emergency", label: "Emergency" },
        status: "in_progress",
        overdue: true,
      }),
    ]);
    const completed = await listLoader(routeArgs(await get("/admin/repairs?status=completed")));
    expect(completed.items[0]).toMatchObject({ overdue: false, urgency: null });
    expect(await countNewBookings(staff.id)).toBe(0);
    await handle.db.delete(bookings).where(eq(bookings.id, fresh.id));
  });

  it("shows each repair's issue, a walk-in's minute with AM/PM, and since when a repair is ready", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const surname = `Ready${randomBytes(4).toString("hex")}`;
    const walkIn = await insertBooking(handle.db, {
      lastName: surname,
      source: "walk_in",
      issueType: "Charging Port",
      preferredDate: "2026-06-13",
      preferredTime: "15:07",
      status: "in_progress",
      createdAt: new Date("2026-06-13T19:07:00Z"),
    });
    const booked = await insertBooking(handle.db, {
      lastName: surname,
      issueType: "Screen Repair",
      preferredTime: "10:30",
      status: "pending",
      createdAt: new Date("2026-06-12T19:07:00Z"),
    });
    const change = { status: undefined, note: undefined, expectedDeliveryDate: undefined };
    // Ready at 9 p.m. on June 14 in Oakville (the next day in UTC); a note two days later is not
    // a new status, so the repair stays ready since the 14th.
    vi.setSystemTime(new Date("2026-06-15T01:00:00Z"));
    await updateRepairStatus(walkIn.id, { ...change, status: "ready_for_pickup" }, staff.id);
    vi.setSystemTime(new Date("2026-06-16T15:00:00Z"));
    await updateRepairStatus(walkIn.id, { ...change, note: "Call before noon" }, staff.id);
    vi.useRealTimers();

    const data = await listLoader(routeArgs(await get(`/admin/repairs?q=${surname}`)));
    expect(data.items).toEqual([
      expect.objectContaining({
        id: walkIn.id,
        issue: "Charging Port",
        appointmentTime: "3:07 PM",
        status: "ready_for_pickup",
        readySince: "Jun 14, 2026",
      }),
      expect.objectContaining({
        id: booked.id,
        issue: "Screen Repair",
        appointmentTime: "10:30 AM",
        readySince: null,
      }),
    ]);
    // Ready for Pickup drafted the walk-in's invoice (issue 32).
    await handle.db.delete(invoices).where(eq(invoices.bookingId, walkIn.id));
    await handle.db.delete(bookings).where(inArray(bookings.id, [walkIn.id, booked.id]));
  });

  it("streams the filtered list as UTF-8 CSV with a BOM, quoted per RFC 4180, formulas made inert", async () => {
    // The file is named for the shop's day: the clock stands still, so midnight cannot fall
    // between the answer and the name expected of it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(vi.getRealSystemTime());
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const response = responseOf(
      await csvLoader(
        routeArgs(
          await get(
            "/admin/repairs.csv?dates=appointment&from=2026-06-10&to=2026-06-13&sort=customer",
          ),
        ),
      ),
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="repairs-${shopToday()}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // TextDecoder consumes the BOM, as a spreadsheet program does.
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([
      "Reference",
      "Created",
      "First name",
      "Last name",
      "Phone",
      "E-mail",
      "Category",
      "Brand",
      "Model",
      "Issue",
      "Issue description",
      "Appointment date",
      "Appointment time",
      "Urgency",
      "Status",
      "Expected delivery",
      "Note to customer",
    ]);
    // Newest first; Oliver's appointment (June 9) is outside the range.
    expect(records.map((r) => r[0])).toEqual(
      [fixture.walkIn, fixture.li, fixture.zoe, fixture.priya].map((row) =>
        bookingReference(row.id),
      ),
    );
    const zoe = records.find((r) => r[0] === bookingReference(fixture.zoe.id))!;
    expect(zoe).toEqual([
      bookingReference(fixture.zoe.id),
      "2026-03-02 10:00",
      "Zoë",
      "Côté",
      "(905) 555-0142",
      "zoe.cote@example.com",
      "Tablet",
      "Samsung",
      "Galaxy Tab S8",
      "Screen Repair",
      'Cracked "badly", top left\nand the pen is stuck',
      "2026-06-12",
      "14:00",
      "Emergency",
      "In Progress",
      addDays(today, -2),
      '\'=HYPERLINK("http://evil.example","click")',
    ]);
    expect(records.find((r) => r[0] === bookingReference(fixture.li.id))![9]).toBe("'+1 keyboard");
    expect(records.find((r) => r[0] === bookingReference(fixture.walkIn.id))!.slice(5, 9)).toEqual([
      "",
      "Gaming Console",
      "",
      "",
    ]);
    expect(text).not.toContain(fixture.zoe.trackingToken);
  });

  it("exports every match, batch after batch", async () => {
    const response = responseOf(
      await csvLoader(routeArgs(await get("/admin/repairs.csv?q=capped"))),
    );
    const records = parseCsv(await response.text()).slice(1);
    expect(records).toHaveLength(searchCountCap + 5);
    expect(new Set(records.map((r) => r[0])).size).toBe(searchCountCap + 5);
  });

  it("is for staff only", async () => {
    const answer = await Promise.resolve(
      csvLoader(routeArgs(new Request("http://localhost/admin/repairs.csv"))),
    ).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toMatch(/^\/admin\/login/);
  });
});
