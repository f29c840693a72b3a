import { deviceName } from "~/utils/booking-description";
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import {
  bookings,
  customerContacts,
  customers,
  devices,
  outbox,
  quotes,
  smsInbound,
  smsOptOuts,
} from "#db/schema";
import { findCategory } from "~/config/shop";
import type { CustomerListItem, CustomerMatch, CustomerView, DeviceLine } from "~/types/customers";
import { database } from "~/server/db.server";
import { bookingReference } from "~/utils/booking-reference";
import { statusLabels } from "~/utils/booking-status";
import {
  formatDeviceIdentifier,
  identifierLabels,
  type DeviceIdentifier,
} from "~/utils/device-identifier";
import { channelLabels, messageKindLabels, messageStatusLabels } from "~/utils/outbox-labels";
import { formatPhone, phoneDigits, smsNumber } from "~/utils/phone";
import { formatCad } from "~/utils/price";
import { textSearch, type PatternMatch } from "~/models/search-condition.server";
import { hasNoControlCharacters } from "~/schemas/fields";
import { emailKey } from "~/utils/recipient-key";
import { formatShopDate, formatShopDateTime } from "~/utils/shop-time";

export const notifyByLabels = { email: "E-mail", sms: "Text", both: "E-mail and text" } as const;

/**
 * A customer whose name (as staff keep it) or one of whose phones or e-mails matches the
 * pattern, both trigram-indexed; the search itself is the repair list's (textSearch).
 */
const matching: PatternMatch = (pattern) =>
  sql`(${ilike(customers.searchText, pattern)}
    or ${customers.id} = any(array(select ${customerContacts.customerId} from ${customerContacts} where ${ilike(customerContacts.searchText, pattern)})))`;

/**
 * What a customer's line in a list shows: name, contacts, repairs and the latest one's day. The
 * subqueries name `customers` in full: a column alone would be written unqualified, the
 * subquery's own.
 */
const summaryColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  version: customers.version,
  contacts: sql<
    { kind: string; value: string }[]
  >`coalesce((select json_agg(json_build_object('kind', cc.kind, 'value', cc.value) order by cc.id) from ${customerContacts} cc where cc.customer_id = ${customers}.id), '[]'::json)`,
  repairs: sql<number>`(select count(*)::int from ${bookings} b where b.customer_id = ${customers}.id)`,
  lastRepair: sql<
    string | null
  >`(select max(b.created_at)::text from ${bookings} b where b.customer_id = ${customers}.id)`,
};

type SummaryRow = {
  id: number;
  firstName: string;
  lastName: string;
  version: number;
  contacts: { kind: string; value: string }[];
  repairs: number;
  lastRepair: string | null;
};

const summaryOf = (row: SummaryRow): CustomerListItem => ({
  id: row.id,
  name: `${row.firstName} ${row.lastName}`,
  version: row.version,
  phones: row.contacts.filter((c) => c.kind === "phone").map((c) => c.value),
  emails: row.contacts.filter((c) => c.kind === "email").map((c) => c.value),
  repairs: row.repairs,
  lastRepair: row.lastRepair ? formatShopDate(new Date(row.lastRepair)) : null,
});

/** A page of customers (merged records left out), by last and first name, with their contacts. */
export async function listCustomers(q: string, limit: number, offset: number) {
  const db = await database();
  const where = and(
    isNull(customers.mergedIntoId),
    q.trim() ? (textSearch(q, matching) ?? sql`false`) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(customers).where(where),
    db
      .select(summaryColumns)
      .from(customers)
      .where(where)
      .orderBy(
        sql`lower(${customers.lastName})`,
        sql`lower(${customers.firstName})`,
        asc(customers.id),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { total: total?.n ?? 0, items: rows.map(summaryOf) };
}

/** Customers' list lines by id, for the likely duplicates page. */
export async function customerSummaries(ids: number[]): Promise<Map<number, CustomerListItem>> {
  if (!ids.length) return new Map();
  const db = await database();
  const rows = await db.select(summaryColumns).from(customers).where(inArray(customers.id, ids));
  return new Map(rows.map((row) => [row.id, summaryOf(row)]));
}

type DeviceRow = typeof devices.$inferSelect;

export const identifierOf = (
  device: Pick<DeviceRow, "imei" | "serialNumber">,
): DeviceIdentifier | null =>
  device.imei
    ? { kind: "imei", value: device.imei }
    : device.serialNumber
      ? { kind: "serial", value: device.serialNumber }
      : null;

export function deviceLine(device: DeviceRow): DeviceLine {
  const identifier = identifierOf(device);
  const category = findCategory(device.category)?.title ?? device.category;
  return {
    id: device.id,
    name: deviceName(device.brand, device.model) || category,
    identifierLabel: identifier ? identifierLabels[identifier.kind] : "Identifier",
    identifier: identifier ? formatDeviceIdentifier(identifier) : "Not recorded",
    fill: {
      deviceCategory: device.category,
      deviceBrand: device.brand ?? "",
      deviceModel: device.model ?? "",
      deviceIdentifier: identifier?.value ?? "",
    },
  };
}

const devicesOf = async (customerId: number) => {
  const db = await database();
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.customerId, customerId))
    .orderBy(desc(devices.updatedAt), desc(devices.id));
  return rows.map(deviceLine);
};

/** A customer record as stored (a merged one too: its page leads to the record it went into). */
export async function findCustomer(id: number) {
  const db = await database();
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/**
 * Everything about one customer, for their page: contacts (phones with their STOP state), the
 * devices they brought in last, their repairs, quotes, the texts they sent and the messages sent
 * about their repairs, newest first.
 */
export async function customerView(customer: typeof customers.$inferSelect): Promise<CustomerView> {
  const db = await database();
  const id = customer.id;
  const contacts = await db
    .select()
    .from(customerContacts)
    .where(eq(customerContacts.customerId, id))
    .orderBy(asc(customerContacts.kind), asc(customerContacts.id));
  const numbers = contacts.filter((c) => c.kind === "phone").map((c) => smsNumber(c.matchKey));
  const theirBookings = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.customerId, id));
  const [stopped, deviceLines, repairs, quoteRows, texts, messages] = await Promise.all([
    numbers.length
      ? db
          .select({ phone: smsOptOuts.phone })
          .from(smsOptOuts)
          .where(inArray(smsOptOuts.phone, numbers))
      : Promise.resolve([]),
    devicesOf(id),
    db
      .select()
      .from(bookings)
      .where(eq(bookings.customerId, id))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(100),
    db
      .select()
      .from(quotes)
      .where(inArray(quotes.bookingId, theirBookings))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(50),
    db
      .select()
      .from(smsInbound)
      .where(
        numbers.length
          ? sql`(${inArray(smsInbound.fromPhone, numbers)} or ${inArray(smsInbound.bookingId, theirBookings)})`
          : inArray(smsInbound.bookingId, theirBookings),
      )
      .orderBy(desc(smsInbound.createdAt), desc(smsInbound.id))
      .limit(50),
    db
      .select()
      .from(outbox)
      .where(inArray(outbox.bookingId, theirBookings))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(50),
  ]);
  const stoppedSet = new Set(stopped.map((s) => s.phone));
  return {
    customer: {
      id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      name: `${customer.firstName} ${customer.lastName}`,
      notifyBy: customer.notifyBy,
      notifyByLabel: notifyByLabels[customer.notifyBy],
      reviewOptIn: customer.reviewOptIn,
      version: customer.version,
      createdAt: formatShopDate(customer.createdAt),
    },
    contacts: contacts.map((c) => ({
      id: c.id,
      kind: c.kind,
      value: c.kind === "phone" ? formatPhone(c.matchKey) : c.value,
      stopped: c.kind === "phone" && stoppedSet.has(smsNumber(c.matchKey)),
    })),
    devices: deviceLines,
    repairs: repairs.map((b) => ({
      id: b.id,
      reference: bookingReference(b.id),
      status: b.status,
      device:
        deviceName(b.deviceBrand, b.deviceModel) ||
        (findCategory(b.deviceCategory)?.title ?? b.deviceCategory),
      issueType: b.issueType,
      createdAt: formatShopDate(b.createdAt),
    })),
    quotes: quoteRows.map((q) => ({
      id: q.id,
      reference: bookingReference(q.bookingId),
      amount: formatCad(q.amount),
      covers: q.covers,
      status:
        q.status === "pending"
          ? "Waiting for the customer"
          : q.status === "approved"
            ? "Approved"
            : "Declined",
      at: formatShopDateTime(q.createdAt),
    })),
    texts: texts.map((t) => ({
      id: t.id,
      from: formatPhone(phoneDigits(t.fromPhone)),
      body: t.body,
      at: formatShopDateTime(t.createdAt),
      reference: t.bookingId ? bookingReference(t.bookingId) : null,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      reference: m.bookingId ? bookingReference(m.bookingId) : null,
      kind: messageKindLabels[m.kind],
      channel: channelLabels[m.channel],
      status: messageStatusLabels[m.status],
      at: formatShopDateTime(m.createdAt),
    })),
  };
}

/**
 * The known customer a phone or e-mail typed at the counter names (the phone first, as when a
 * repair is matched), with the devices they brought in, for the walk-in form to offer.
 */
export async function lookupCustomer(typed: {
  phone?: string;
  email?: string;
}): Promise<CustomerMatch | undefined> {
  const digits = typed.phone ? phoneDigits(typed.phone) : "";
  // No stored address holds a control character (and Postgres refuses a NUL): none is looked up.
  const mailbox =
    typed.email?.includes("@") && hasNoControlCharacters(typed.email) ? emailKey(typed.email) : "";
  if (digits.length !== 10 && !mailbox) return undefined;
  const db = await database();
  const [found] = await db
    .select({ customer: customers })
    .from(customerContacts)
    .innerJoin(
      customers,
      eq(
        customers.id,
        sql`coalesce(
        (select c2.merged_into_id from ${customers} c2 where c2.id = ${customerContacts.customerId}),
        ${customerContacts.customerId})`,
      ),
    )
    .where(
      sql`(${customerContacts.kind} = 'phone' and ${customerContacts.matchKey} = ${digits})
        or (${customerContacts.kind} = 'email' and ${customerContacts.matchKey} = ${mailbox})`,
    )
    .orderBy(sql`(${customerContacts.kind} = 'phone') desc`)
    .limit(1);
  if (!found) return undefined;
  const { customer } = found;
  const contacts = await db
    .select()
    .from(customerContacts)
    .where(eq(customerContacts.customerId, customer.id))
    .orderBy(desc(customerContacts.createdAt), desc(customerContacts.id));
  // The number and address typed when they are the customer's, else their latest.
  const phone =
    contacts.find((c) => c.kind === "phone" && c.matchKey === digits) ??
    contacts.find((c) => c.kind === "phone");
  const email =
    contacts.find((c) => c.kind === "email" && c.matchKey === mailbox) ??
    contacts.find((c) => c.kind === "email");
  return {
    id: customer.id,
    name: `${customer.firstName} ${customer.lastName}`,
    phone: phone ? formatPhone(phone.matchKey) : null,
    email: email?.value ?? null,
    fill: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: phone ? formatPhone(phone.matchKey) : (typed.phone ?? ""),
      email: email?.value ?? "",
      notifyBy: customer.notifyBy,
    },
    devices: await devicesOf(customer.id),
  };
}

/** A device and every repair it came in for, whoever brought it, newest first. */
export async function deviceHistory(id: number) {
  const db = await database();
  const [device] = await db.select().from(devices).where(eq(devices.id, id));
  if (!device) return undefined;
  const repairs = await db
    .select({ booking: bookings, merged: customers.mergedIntoId })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(eq(bookings.deviceId, id))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  const [owner] = device.customerId
    ? await db.select().from(customers).where(eq(customers.id, device.customerId))
    : [];
  return {
    device: {
      ...deviceLine(device),
      category: findCategory(device.category)?.title ?? device.category,
      owner: owner ? { id: owner.id, name: `${owner.firstName} ${owner.lastName}` } : null,
    },
    repairs: repairs.map(({ booking: b }) => ({
      id: b.id,
      reference: bookingReference(b.id),
      status: b.status,
      statusLabel: statusLabels[b.status],
      customer: `${b.firstName} ${b.lastName}`,
      customerId: b.customerId,
      issueType: b.issueType,
      createdAt: formatShopDate(b.createdAt),
    })),
  };
}
