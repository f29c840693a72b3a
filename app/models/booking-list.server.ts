import { deviceName } from "~/utils/booking-description";
import type { Booking } from "~/types/booking";
import type { RepairListItem } from "~/types/repairs";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import {
  bookings,
  customerContacts,
  customers,
  devices,
  repairNotes,
  staffUsers,
} from "#db/schema";
import { findCategory, timeZone, type CategorySlug, type Urgency } from "~/config/shop";
import { bookingReference, parseBookingReference } from "~/utils/booking-reference";
import { statusLabels, type BookingStatus } from "~/utils/booking-status";
import type { CsvValue } from "~/utils/csv";
import { database } from "~/server/db.server";
import { logError } from "~/server/log.server";
import { formatPhone } from "~/utils/phone";
import type { RepairListQuery } from "~/schemas/admin-filters";
import type { RepairListSort, SortDirection } from "~/utils/repair-list-sorts";
import { textSearch, type PatternMatch } from "~/models/search-condition.server";
import { startOfShopDay } from "~/server/shop-day.server";
import { addDays, formatCalendarDate, formatClockTime, formatShopDate } from "~/utils/shop-time";

const urgencyLabels: Record<Urgency, string> = {
  normal: "Normal",
  urgent: "Urgent",
  emergency: "Emergency",
};

export type RepairListFilter = {
  /**
   * Reference, name, e-mail, phone in any spelling, IMEI or serial number, brand, model, issue or
   * a word of a private note, accents and spacing aside; every word must match.
   */
  q?: string;
  status?: BookingStatus;
  category?: CategorySlug;
  urgency?: Urgency;
  /** Shop-time calendar dates (YYYY-MM-DD), both ends included. */
  createdFrom?: string;
  createdTo?: string;
  appointmentFrom?: string;
  appointmentTo?: string;
};

/**
 * The list URL's filters; its date range applies to the appointment day or the day the booking came
 * in.
 */
export function filterOf({
  q,
  status,
  category,
  urgency,
  dates,
  from,
  to,
}: RepairListQuery): RepairListFilter {
  const range =
    dates === "created"
      ? { createdFrom: from, createdTo: to }
      : { appointmentFrom: from, appointmentTo: to };
  return { q, status, category, urgency, ...range };
}

const inOrder = (keys: (SQL | AnyColumn)[]) => (dir: SortDirection) =>
  keys.map((key) => (dir === "asc" ? asc(key) : desc(key)));

/**
 * What each sort orders by, the id last so pages never overlap. Every sort has an index that
 * yields its rows in this order (db/schema.ts), so a page is read, not sorted, at 100,000 rows.
 */
const sortOrders: Record<RepairListSort, (dir: SortDirection) => SQL[]> = {
  reference: inOrder([bookings.id]),
  customer: inOrder([
    sql`lower(${bookings.firstName})`,
    sql`lower(${bookings.lastName})`,
    bookings.id,
  ]),
  device: inOrder([
    bookings.deviceCategory,
    sql`lower(${bookings.deviceBrand})`,
    sql`lower(${bookings.deviceModel})`,
    bookings.id,
  ]),
  appointment: inOrder([bookings.preferredDate, bookings.preferredTime, bookings.id]),
  status: inOrder([bookings.status, bookings.id]),
  // Repairs without a date come last either way: "latest delivery first" means latest dated one.
  delivery: (dir) =>
    [bookings.expectedDeliveryDate, bookings.id].map(
      (key) => sql`${key} ${sql.raw(dir)} nulls last`,
    ),
  created: inOrder([bookings.createdAt, bookings.id]),
};

/**
 * Bookings whose own search_text matches the pattern, or one of their private notes', their
 * device's (IMEI, serial number) or their customer record's (name as staff keep it, phones,
 * e-mails), all trigram-indexed. The other tables' side is an array of booking, device or
 * customer ids, worked out once per statement, that an index on bookings looks up: Postgres then
 * ORs the index lookups, where an EXISTS per booking would read every booking to ask.
 */
const matching: PatternMatch = (pattern) =>
  sql`(${ilike(bookings.searchText, pattern)}
    or ${bookings.id} = any(array(select ${repairNotes.bookingId} from ${repairNotes} where ${ilike(repairNotes.searchText, pattern)}))
    or ${bookings.deviceId} = any(array(select ${devices.id} from ${devices} where ${ilike(devices.searchText, pattern)}))
    or ${bookings.customerId} = any(array(select ${customerContacts.customerId} from ${customerContacts} where ${ilike(customerContacts.searchText, pattern)}
      union all select ${customers.id} from ${customers} where ${ilike(customers.searchText, pattern)})))`;

/** A reference ("WF-00042", "42") finds that repair too; a phone under three digits only that. */
function searchCondition(q: string): SQL {
  const id = parseBookingReference(q);
  const byReference = id === undefined ? undefined : eq(bookings.id, id);
  return or(byReference, textSearch(q, matching)) ?? sql`false`;
}

function whereOf(filter: RepairListFilter) {
  return and(
    filter.q ? searchCondition(filter.q) : undefined,
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.category ? eq(bookings.deviceCategory, filter.category) : undefined,
    filter.urgency ? eq(bookings.urgency, filter.urgency) : undefined,
    filter.createdFrom ? gte(bookings.createdAt, startOfShopDay(filter.createdFrom)) : undefined,
    filter.createdTo
      ? lt(bookings.createdAt, startOfShopDay(addDays(filter.createdTo, 1)))
      : undefined,
    filter.appointmentFrom ? gte(bookings.preferredDate, filter.appointmentFrom) : undefined,
    filter.appointmentTo ? lte(bookings.preferredDate, filter.appointmentTo) : undefined,
  );
}

export type RepairListPage = {
  limit: number;
  offset: number;
  sort?: RepairListSort;
  dir?: SortDirection;
};

/**
 * A search finds at most this many matches before it stops counting: a broad one ("905", every
 * phone in the area code; "iPhone" at an Apple-heavy shop) would otherwise read every matching
 * row, over 100 ms on PGlite at 100,000 bookings, just to say how many pages there are. The list
 * says "1,000+": nobody pages through fifty pages of a search, they type one more word.
 */
export const searchCountCap = 1_000;

/**
 * One page of repair requests (newest first unless a sort is given) and how many match in all;
 * `capped` when a search matched more than searchCountCap and `total` is that cap.
 */
export async function listRepairRequests(
  filter: RepairListFilter,
  { limit, offset, sort = "created", dir = "desc" }: RepairListPage,
): Promise<{ total: number; capped: boolean; rows: Booking[] }> {
  const db = await database();
  const where = whereOf(filter);
  const order = sortOrders[sort](dir);
  const page = (condition: SQL | undefined) =>
    db
      .select()
      .from(bookings)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  if (!filter.q) {
    const [[totals], rows] = await Promise.all([
      db.select({ n: count() }).from(bookings).where(where),
      page(where),
    ]);
    return { total: totals?.n ?? 0, capped: false, rows };
  }
  // A search's ids come off the trigram index. Few of them: the page is sorted from just those.
  // Many: walking the sort's index until a page of matches turns up is quicker. Deciding here
  // rather than leaving it to Postgres matters once a statement is prepared: its generic plan
  // cannot see the pattern and would walk the whole index for a search that matches nothing.
  // The cap is written into the statement, not bound: with a bound limit the generic plan
  // guesses a tenth of the table will do and reads it all instead of asking the index.
  const matches = await db
    .select({ id: sql<number>`matches.id`.mapWith(Number) })
    .from(
      sql`(select ${bookings.id} from ${bookings} where ${where} limit ${sql.raw(String(searchCountCap + 1))}) as matches`,
    );
  if (matches.length > searchCountCap)
    return { total: searchCountCap, capped: true, rows: await page(where) };
  if (!matches.length) return { total: 0, capped: false, rows: [] };
  // One array parameter, not one per id: the prepared statement is the same for any number.
  const ids = `{${matches.map((match) => match.id).join(",")}}`;
  return {
    total: matches.length,
    capped: false,
    rows: await page(sql`${bookings.id} = any(${ids}::int[])`),
  };
}

/** Past its expected delivery date and still open: the list flags it. */
const isOverdue = (row: Pick<Booking, "expectedDeliveryDate" | "status">, today: string) =>
  !!row.expectedDeliveryDate &&
  row.expectedDeliveryDate < today &&
  row.status !== "completed" &&
  row.status !== "cancelled";

const formatListDate = (date: string) => formatCalendarDate(date, "weekdayMedium");

/** A row as the list shows it: everything formatted on the server, the same for cards and table. */
export function toListItem(row: Booking, today: string): RepairListItem {
  return {
    id: row.id,
    reference: bookingReference(row.id),
    customerName: `${row.firstName} ${row.lastName}`,
    phone: formatPhone(row.phoneDigits),
    phoneDigits: row.phoneDigits,
    category: findCategory(row.deviceCategory)?.shortName ?? row.deviceCategory,
    device: deviceName(row.deviceBrand, row.deviceModel),
    appointmentDate: formatListDate(row.preferredDate),
    appointmentTime: formatClockTime(row.preferredTime),
    issue: row.issueType,
    urgency:
      row.urgency === "normal" ? null : { value: row.urgency, label: urgencyLabels[row.urgency] },
    status: row.status,
    readySince: row.status === "ready_for_pickup" ? formatShopDate(row.statusChangedAt) : null,
    delivery: row.expectedDeliveryDate ? formatListDate(row.expectedDeliveryDate) : null,
    overdue: isOverdue(row, today),
    created: formatShopDate(row.createdAt),
    version: row.version,
  };
}

const csvHeader = [
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
];

// "2026-03-01 10:00" on the shop's clock: sorts as text and every spreadsheet reads it as a date.
const csvDateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone,
  dateStyle: "short",
  timeStyle: "short",
});

/** One booking as a CSV record. The tracking link is left out: it is the customer's secret. */
function csvRecord(row: Booking): CsvValue[] {
  return [
    bookingReference(row.id),
    csvDateTime.format(row.createdAt),
    row.firstName,
    row.lastName,
    formatPhone(row.phoneDigits),
    row.email,
    findCategory(row.deviceCategory)?.shortName ?? row.deviceCategory,
    row.deviceBrand,
    row.deviceModel,
    row.issueType,
    row.issueDescription,
    row.preferredDate,
    row.preferredTime,
    urgencyLabels[row.urgency],
    statusLabels[row.status],
    row.expectedDeliveryDate,
    row.customerNote,
  ];
}

const csvBatchSize = 500;

/**
 * Every booking the filter matches as CSV records after a header, newest first. Read in batches
 * of 500 by id (keyset, so each batch is an index range however deep the export goes), one batch
 * when the download has sent the last: memory stays flat for 100,000 rows.
 */
export async function* repairListCsvRows(
  filter: RepairListFilter,
  requestId: string,
): AsyncGenerator<CsvValue[]> {
  yield csvHeader;
  const where = whereOf(filter);
  let before: number | undefined;
  for (;;) {
    let rows: Booking[];
    try {
      const db = await database();
      rows = await db
        .select()
        .from(bookings)
        .where(and(where, before === undefined ? undefined : lt(bookings.id, before)))
        .orderBy(desc(bookings.id))
        .limit(csvBatchSize);
    } catch (error) {
      // The headers are gone already: all that is left is to cut the download short, and say why.
      logError("repair list export failed", error, { requestId });
      throw error;
    }
    yield* rows.map(csvRecord);
    before = rows.at(-1)?.id;
    if (rows.length < csvBatchSize) return;
  }
}

/**
 * Bookings made online since this staff member last opened the repair list (or, before their
 * first visit, since their account was made): the count beside "Manage Repairs" in the menu.
 */
export async function countNewBookings(staffUserId: number): Promise<number> {
  const db = await database();
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.source, "online"),
        gt(
          bookings.createdAt,
          sql`(select coalesce(${staffUsers.bookingsSeenAt}, ${staffUsers.createdAt}) from ${staffUsers} where ${staffUsers.id} = ${staffUserId})`,
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The staff member has now seen the repair list: the menu's count starts again from zero. */
export async function markBookingsSeen(staffUserId: number, now = new Date()) {
  const db = await database();
  await db.update(staffUsers).set({ bookingsSeenAt: now }).where(eq(staffUsers.id, staffUserId));
}
