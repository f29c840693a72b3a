import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

import { type bookingStatuses, notifyChannels } from "../app/types/booking";
import { deviceClasses, webVitalNames } from "../app/types/analytics";
import type { OutboxAttachment } from "../app/types/outbox";
import type { IntakeCheckResult } from "../app/types/intake";
import type { DayTotals } from "../app/types/day-close";
import {
  discountKinds,
  invoiceLineKinds,
  invoiceStatuses,
  paymentMethods,
  stripeEventOutcomes,
} from "../app/types/invoice";
import type { Assert, SameType } from "../app/types/same-type";
import {
  deviceGrades,
  offerStatuses,
  payoutMethods,
  reservationStatuses,
  sellerIdTypes,
  stockStates,
  type OfferAnswers,
} from "../app/types/trade";

/**
 * The statuses in the order Postgres stored them (drizzle/0000_init.sql), not the workflow order
 * of `bookingStatuses`: an enum's values cannot be reordered without recreating the type under
 * three tables, their trigger and their indexes, and nothing sorts by it. The check keeps both
 * lists naming the same statuses.
 */
const storedBookingStatuses = [
  "pending",
  "in_progress",
  "waiting_parts",
  "completed",
  "ready_for_pickup",
  "cancelled",
] as const;
type _StoredAreTheStatuses = Assert<
  SameType<(typeof storedBookingStatuses)[number], (typeof bookingStatuses)[number]>
>;
export const bookingStatus = pgEnum("booking_status", storedBookingStatuses);
export const urgency = pgEnum("urgency", ["normal", "urgent", "emergency"]);
export const deviceCategory = pgEnum("device_category", [
  "mobile",
  "tablet",
  "laptop",
  "watch",
  "console",
]);
export const sessionKind = pgEnum("session_kind", ["cookie", "bearer"]);
/**
 * What each role may do is in app/utils/staff-permissions.ts. `technician` was `staff` before
 * roles (drizzle/0017_workbench_records.sql renamed it).
 */
export const staffRole = pgEnum("staff_role", ["owner", "technician", "manager", "front_desk"]);
/** `walk_in`: entered by staff at the counter, outside the public form's slot rules. */
export const bookingSource = pgEnum("booking_source", ["online", "walk_in"]);
export const notifyChannel = pgEnum("notify_channel", notifyChannels);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    /** Null only for a walk-in customer who gave no address. */
    email: varchar("email", { length: 254 }),
    /**
     * The address as the shop's limits count it (`emailKey`: one mailbox however it is written),
     * so a customer's upcoming bookings are found by their mailbox as well as by `phone_digits`.
     */
    emailKey: varchar("email_key", { length: 254 }),
    phone: varchar("phone", { length: 40 }).notNull(),
    /** Digits only, a leading country code 1 dropped: what tracking by phone matches on. */
    phoneDigits: varchar("phone_digits", { length: 15 }).notNull(),
    deviceCategory: deviceCategory("device_category").notNull(),
    deviceBrand: varchar("device_brand", { length: 100 }),
    deviceModel: varchar("device_model", { length: 150 }),
    issueType: varchar("issue_type", { length: 200 }).notNull(),
    issueDescription: text("issue_description"),
    preferredDate: date("preferred_date").notNull(),
    /** "HH:MM", shop time. */
    preferredTime: char("preferred_time", { length: 5 }).notNull(),
    urgency: urgency("urgency").notNull().default("normal"),
    status: bookingStatus("status").notNull().default("pending"),
    /** Shown to the customer on the tracking page (`internal_notes` in the legacy API). */
    customerNote: text("customer_note"),
    expectedDeliveryDate: date("expected_delivery_date"),
    /**
     * The secret tracking link's token (≥128 random bits). Kept in clear on purpose: it reveals
     * only this row, which anyone reading the table sees anyway, and the confirmation page and
     * e-mails must be able to show it again (see docs/decisions/0003).
     */
    trackingToken: varchar("tracking_token", { length: 64 }).notNull().unique(),
    /** Idempotency: one booking per rendered form, whatever the retries. */
    submissionKey: varchar("submission_key", { length: 64 }).notNull().unique(),
    payloadHash: char("payload_hash", { length: 64 }).notNull(),
    source: bookingSource("source").notNull().default("online"),
    /** Walk-ins: the price quoted at the counter (CAD), the device as it was left, what came with it. */
    quotedPrice: numeric("quoted_price", { precision: 10, scale: 2 }),
    deviceCondition: text("device_condition"),
    accessories: text("accessories"),
    /** Walk-ins: whether the customer kept the passcode to themselves (the passcode itself is never stored). */
    passcodeWithheld: boolean("passcode_withheld"),
    /** Repair updates by e-mail, text or both; a walk-in without an address can only be texted. */
    notifyBy: notifyChannel("notify_by").notNull().default("email"),
    /**
     * The customer ticked the separate, unticked-by-default box to be asked for a review: a
     * marketing message under Canada's anti-spam law, so never sent without it.
     */
    reviewOptIn: boolean("review_opt_in").notNull().default(false),
    /** When the status last changed (not a note or a date): how long a repair has waited for pickup. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdByStaffId: integer("created_by_staff_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    /** The customer record this repair belongs to (docs/decisions/0042); null until matched. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The device repaired, when it is known by IMEI or serial number or picked from the customer's. */
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    /** The pre-repair checks at intake: check name → "pass", "fail" or "untested". */
    intakeChecklist: jsonb("intake_checklist").$type<Record<string, IntakeCheckResult>>(),
    /**
     * One more with every change: a staff save names the version it was read at, and one made on
     * an older version is refused rather than undoing what changed since (docs/decisions/0039).
     */
    version: integer("version").notNull().default(1),
    /**
     * What staff search finds a booking by: name, e-mail, phone digits, brand, model and issue,
     * each folded and also run together (search_key(), docs/decisions/0045). Trigram-indexed, so
     * a substring search does not scan the table.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_key(first_name) || ' ' || search_key(last_name) || ' ' || search_key(email) || ' ' || phone_digits || ' ' || search_key(device_brand) || ' ' || search_key(device_model) || ' ' || search_key(issue_type)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_phone_digits_idx").on(t.phoneDigits),
    index("bookings_customer_idx").on(t.customerId),
    index("bookings_device_idx").on(t.deviceId),
    index("bookings_search_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("bookings_expected_delivery_idx").on(t.expectedDeliveryDate),
    index("bookings_status_changed_idx").on(t.status, t.statusChangedAt),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
    index("bookings_email_key_idx").on(t.emailKey),
    index("bookings_slot_idx").on(t.preferredDate, t.preferredTime),
    index("bookings_status_idx").on(t.status),
    index("bookings_created_at_idx").on(t.createdAt),
    // The staff list's sorts (app/models/booking-list.server.ts): each reads its page off an index.
    index("bookings_customer_sort_idx").on(
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    index("bookings_device_sort_idx").on(
      t.deviceCategory,
      sql`lower(${t.deviceBrand})`,
      sql`lower(${t.deviceModel})`,
      t.id,
    ),
    index("bookings_status_sort_idx").on(t.status, t.id),
    index("bookings_delivery_sort_idx").on(t.expectedDeliveryDate.asc().nullsLast(), t.id),
    index("bookings_delivery_desc_sort_idx").on(
      t.expectedDeliveryDate.desc().nullsLast(),
      t.id.desc(),
    ),
    check("bookings_preferred_time_format", sql`${t.preferredTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    check("bookings_issue_description_length", sql`char_length(${t.issueDescription}) <= 2000`),
    check("bookings_customer_note_length", sql`char_length(${t.customerNote}) <= 2000`),
    check("bookings_device_condition_length", sql`char_length(${t.deviceCondition}) <= 1000`),
    check("bookings_accessories_length", sql`char_length(${t.accessories}) <= 500`),
    check("bookings_quoted_price_range", sql`${t.quotedPrice} >= 0 AND ${t.quotedPrice} < 100000`),
    check("bookings_email_online", sql`${t.email} IS NOT NULL OR ${t.source} = 'walk_in'`),
  ],
);

/** How many rows each count is spread over (booking id modulo this); see the shard column. */
export const bookingCountShards = 8;

/**
 * Bookings counted by category, brand (blank as "Not specified"), issue and status, kept
 * current by a trigger on bookings (see drizzle/0001_booking_counts.sql and 0002). The dashboard
 * sums these few hundred rows instead of scanning every booking.
 */
export const bookingCounts = pgTable(
  "booking_counts",
  {
    deviceCategory: deviceCategory("device_category").notNull(),
    deviceBrand: varchar("device_brand", { length: 100 }).notNull(),
    issueType: varchar("issue_type", { length: 200 }).notNull(),
    status: bookingStatus("status").notNull(),
    /**
     * The booking's id modulo `bookingCountShards`. A counter row stays locked from a booking's
     * insert to its commit; spread over shards, concurrent bookings of the same device and issue
     * (consecutive ids) update different rows instead of queueing. Readers sum over shards.
     */
    shard: smallint("shard").notNull().default(0),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCategory, t.deviceBrand, t.issueType, t.status, t.shard] }),
  ],
);

export const bookingEvents = pgTable(
  "booking_events",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    status: bookingStatus("status").notNull(),
    note: text("note"),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The customer's own act through the secret tracking link (a quote answered), not staff's. */
    byCustomer: boolean("by_customer").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.createdAt)],
);

/**
 * What staff write down about a repair for each other ("pre-existing Face ID fault", a supplier's
 * order number): never shown to the customer, so kept apart from bookings.customer_note and the
 * customer-visible booking_events (docs/decisions/0040). Adding one is not an edit of the repair:
 * bookings.version stays as it is.
 */
export const repairNotes = pgTable(
  "repair_notes",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /**
     * What the repair list's search matches, as bookings.search_text: folded, line breaks as
     * spaces so a word starting a line is found as the start of a word.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`search_key(body)`),
    createdAt: createdAt(),
  },
  (t) => [
    index("repair_notes_booking_idx").on(t.bookingId, t.createdAt),
    index("repair_notes_search_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check("repair_notes_body_length", sql`char_length(${t.body}) <= 2000`),
  ],
);

/**
 * A customer: the person behind repairs, however many and however they were booked
 * (docs/decisions/0042). Phones and e-mails are customer_contacts, each owned by one customer, so
 * a booking finds its customer by either. A customer merged into another stays, pointing at it,
 * for the audit trail and old links.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    /** How repair updates reach them; their latest booking's choice until staff change it. */
    notifyBy: notifyChannel("notify_by").notNull().default("email"),
    /** Consent to be asked for a review (a marketing message under Canada's anti-spam law). */
    reviewOptIn: boolean("review_opt_in").notNull().default(false),
    /** Set when an owner merged this record into another; nothing attaches to it any more. */
    mergedIntoId: integer("merged_into_id"),
    /** As bookings.version (docs/decisions/0039). */
    version: integer("version").notNull().default(1),
    /** What the customer list's search and the header search match, as bookings.search_text. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`search_key(first_name) || ' ' || search_key(last_name)`,
    ),
    /**
     * The name as likely duplicates compare it: folded (Bélanger is Belanger), spaces trimmed and
     * run together as one.
     */
    nameKey: text("name_key").generatedAlwaysAs(
      sql`btrim(search_fold(first_name)) || ' ' || btrim(search_fold(last_name))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customers_name_idx").on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    index("customers_merged_into_idx").on(t.mergedIntoId),
    index("customers_search_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("customers_name_key_idx").on(t.nameKey),
  ],
);

export const customerContactKind = pgEnum("customer_contact_kind", ["phone", "email"]);

/**
 * A phone number or e-mail address of a customer. `match_key` is how bookings are matched to
 * it (a phone's digits without the country code, an address's `emailKey`) and belongs to one
 * customer only.
 */
export const customerContacts = pgTable(
  "customer_contacts",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: customerContactKind("kind").notNull(),
    /** As the customer wrote it. */
    value: varchar("value", { length: 254 }).notNull(),
    matchKey: varchar("match_key", { length: 254 }).notNull(),
    /** What staff search finds the customer's repairs by, as bookings.search_text. */
    searchText: text("search_text").generatedAlwaysAs(sql`search_key(value) || ' ' || match_key`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_contacts_match_idx").on(t.kind, t.matchKey),
    index("customer_contacts_customer_idx").on(t.customerId),
    index("customer_contacts_search_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * A device the shop has seen, known by its IMEI (15 digits, Luhn-checked) or serial number, so
 * its repairs are one history whoever brought it in.
 */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    /** Who brought it in last. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }),
    model: varchar("model", { length: 150 }),
    imei: char("imei", { length: 15 }),
    /** Upper-cased, without spaces. */
    serialNumber: varchar("serial_number", { length: 64 }),
    /** What staff search finds the device's repairs by (a few digits of the IMEI will do). */
    searchText: text("search_text").generatedAlwaysAs(
      sql`coalesce(imei, '') || ' ' || search_key(serial_number)`,
    ),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("devices_imei_idx").on(t.imei),
    uniqueIndex("devices_serial_idx").on(t.serialNumber),
    index("devices_search_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("devices_customer_idx").on(t.customerId),
    check("devices_imei_digits", sql`${t.imei} ~ '^[0-9]{15}$'`),
    check("devices_serial_format", sql`${t.serialNumber} ~ '^[A-Z0-9-]{4,64}$'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const photoKind = pgEnum("photo_kind", ["intake", "diagnosis", "shop", "stock"]);

/**
 * A place on the public pages that shows the shop's own photos (`photoPlaces` in
 * app/config/photos.ts names them: the home page's slideshow, the shop, the bench, each
 * technician), made when its first photo is stored. Every change to its photos moves its version
 * on, so a form read before someone else's change is refused (docs/decisions/0062).
 */
export const photoPlaces = pgTable("photo_places", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 40 }).notNull().unique(),
  version: integer("version").notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * Every photo the app keeps (docs/decisions/0043): re-encoded and stripped of metadata by sharp
 * before it is stored, in the database so that every instance serves it. A repair's photos are
 * staff-only unless `show_customer`.
 */
export const photos = pgTable(
  "photos",
  {
    id: serial("id").primaryKey(),
    /** The random name it is served under: ids are never guessable in a URL. */
    publicId: varchar("public_id", { length: 32 }).notNull().unique(),
    kind: photoKind("kind").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    contentType: varchar("content_type", { length: 40 }).notNull(),
    data: bytea("data").notNull(),
    /** A small copy for lists and timelines. */
    thumb: bytea("thumb").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    caption: varchar("caption", { length: 200 }),
    showCustomer: boolean("show_customer").notNull().default(false),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** A shop photo's place on the public pages and its turn there (1 first); null for others. */
    placeId: integer("place_id").references(() => photoPlaces.id),
    position: smallint("position"),
    /** A device for sale's photo (kind `stock`), shown on its public page. */
    stockDeviceId: integer("stock_device_id").references(() => stockDevices.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_stock_device_idx").on(t.stockDeviceId, t.createdAt),
    check(
      "photos_stock_device",
      sql`(${t.kind}::text = 'stock') = (${t.stockDeviceId} is not null)`,
    ),
    index("photos_booking_idx").on(t.bookingId, t.createdAt),
    index("photos_kind_idx").on(t.kind),
    index("photos_place_idx").on(t.placeId, t.position),
    check("photos_shop_place", sql`(${t.kind} = 'shop') = (${t.placeId} is not null)`),
    check("photos_place_position", sql`(${t.placeId} is null) = (${t.position} is null)`),
  ],
);

/**
 * A shop photo cropped to its place's shape at each width the pages ask for, in each format
 * (docs/decisions/0062): `/photos/{public id}/{width}.{format}`.
 */
export const photoSizes = pgTable(
  "photo_sizes",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    format: varchar("format", { length: 8 }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.width, t.format] }),
    check("photo_sizes_format", sql`${t.format} in ('avif', 'webp')`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 40 }),
    subject: varchar("subject", { length: 40 }),
    message: text("message").notNull(),
    submissionKey: varchar("submission_key", { length: 64 }).notNull().unique(),
    payloadHash: char("payload_hash", { length: 64 }).notNull(),
    handled: boolean("handled").notNull().default(false),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    check("contact_messages_message_length", sql`char_length(${t.message}) <= 5000`),
  ],
);

export const repairItems = pgTable(
  "repair_items",
  {
    id: serial("id").primaryKey(),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }).notNull(),
    series: varchar("series", { length: 100 }),
    model: varchar("model", { length: 150 }).notNull(),
    repair: varchar("repair", { length: 150 }).notNull(),
    /** CAD; null when the price is a label such as "Call For Price". */
    price: numeric("price", { precision: 10, scale: 2 }),
    priceLabel: varchar("price_label", { length: 40 }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** One more with every change, as bookings.version (docs/decisions/0039). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("repair_items_identity")
      .on(t.category, t.brand, t.series, t.model, t.repair)
      .nullsNotDistinct(),
    index("repair_items_lookup_idx").on(t.category, t.brand, t.series, t.model),
    check("repair_items_price_or_label", sql`(${t.price} IS NULL) <> (${t.priceLabel} IS NULL)`),
    check("repair_items_price_range", sql`${t.price} >= 0 AND ${t.price} < 100000`),
  ],
);

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 64 }).notNull(),
    /** scrypt, in the self-describing form written by app/server/password.server.ts. */
    passwordHash: text("password_hash").notNull(),
    /**
     * The authenticator's TOTP secret once enrolment is confirmed, encrypted with AES-256-GCM
     * (app/server/secret-box.server.ts): a copy of the table alone cannot produce codes.
     */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment but not yet confirmed with a code; encrypted the same way. */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    role: staffRole("role").notNull().default("technician"),
    /** A disabled account cannot sign in and its sessions end; it stays for the audit trail. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** When this staff member last opened the repair list: the menu counts bookings newer than this. */
    bookingsSeenAt: timestamp("bookings_seen_at", { withTimezone: true }),
    /**
     * One more with every change an owner makes to the account (role, disabled, password reset),
     * as bookings.version (docs/decisions/0039).
     */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_users_username_idx").on(sql`lower(${t.username})`),
    check(
      "staff_users_totp_enabled",
      sql`(${t.totpSecret} IS NULL) = (${t.totpEnabledAt} IS NULL)`,
    ),
  ],
);

/** Single-use recovery codes for a staff member's second factor; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: char("code_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.codeHash] })],
);

/**
 * Consecutive failed sign-in attempts per throttle key (an account from one address or device,
 * an address, an account): each attempt is counted before its password or code is checked, and
 * the wait before the next one grows with the count (app/models/login-throttle.server.ts).
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    key: varchar("key", { length: 200 }).primaryKey(),
    failures: integer("failures").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    /** `last_at` before the latest attempt, so an attempt refused by another key can be given back. */
    prevAt: timestamp("prev_at", { withTimezone: true }),
  },
  (t) => [index("login_throttles_last_at_idx").on(t.lastAt)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 of the session token; the token itself lives only in the cookie or header. */
    tokenHash: char("token_hash", { length: 64 }).primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    kind: sessionKind("kind").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser it was signed in from, for the owner's list of a staff member's devices. */
    userAgent: varchar("user_agent", { length: 300 }),
  },
  (t) => [
    index("staff_sessions_user_idx").on(t.staffUserId),
    index("staff_sessions_expires_idx").on(t.expiresAt),
  ],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 200 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limits_window_idx").on(t.windowStart),
  ],
);

/**
 * Who changed what and when: status changes, booking edits, walk-ins, price-list and staff-account
 * changes. Written in the same transaction as the change; read by the owner's audit page.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** What happened, e.g. `repair.status`, `repair.edit`, `walk_in.create`, `price_item.update`, `staff.disable`. */
    action: varchar("action", { length: 40 }).notNull(),
    /** The record it happened to: `booking`, `repair_item` or `staff_user`, and its id. */
    entity: varchar("entity", { length: 20 }).notNull(),
    entityId: integer("entity_id"),
    /** One line for people, written when it happened ("WF-00042: Pending → In Progress"). */
    summary: text("summary").notNull(),
    /** The changed fields, before and after. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_created_at_idx").on(t.createdAt),
    index("audit_events_entity_idx").on(t.entity, t.entityId),
  ],
);

/* Notifications: the transactional outbox (docs/decisions/0010). */

export const outboxKind = pgEnum("outbox_kind", [
  "booking_alert",
  "booking_confirmation",
  "contact_alert",
  "contact_copy",
  "status_update",
  "appointment_reminder",
  "pickup_reminder",
  "review_request",
  "quote",
  "quote_answer",
  "staff_reply",
  // The customer moved or cancelled their appointment online (docs/decisions/0056): their own
  // message with the calendar file, and the shop's alert.
  "booking_change",
  "booking_change_alert",
  // The receipt of an issued invoice, as a link under the secret tracking link (issue 32).
  "receipt",
  // Buy and sell (docs/decisions/0072): an instant offer to its seller, a reservation for pickup
  // to its customer, and the shop's alert of the reservation.
  "trade_offer",
  "reservation",
  "reservation_alert",
]);
/** `cancelled`: not sent on purpose (the customer replied STOP, or a reminder no longer applies). */
export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed", "cancelled"]);
export const outboxChannel = pgEnum("outbox_channel", ["email", "sms"]);

/**
 * One e-mail, written in the same transaction as the booking, message or status change it tells
 * of, then delivered by the mail worker. It always says what was true when the event happened,
 * whenever it is finally sent: either it is stored rendered (subject and bodies), or, for a new
 * booking's two e-mails, the booking row as it was stored (`facts`), which the mail thread renders
 * when it sends them (docs/decisions/0011).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: outboxKind("kind").notNull(),
    channel: outboxChannel("channel").notNull().default("email"),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, {
      onDelete: "set null",
    }),
    /** An e-mail address, or for a text the number in E.164 form (+19055550100). */
    recipient: varchar("recipient", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** The row the message is rendered from, as Postgres's to_jsonb wrote it (snake_case keys). */
    facts: jsonb("facts").$type<Record<string, unknown>>(),
    /** The site's public address at the time, for the links in a message rendered from facts. */
    origin: text("origin"),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The send-after time: no worker takes the row before it. Now for most messages, the end of
     * quiet hours for a text queued at night, and after a failure the time of the next attempt.
     * For a message withdrawn because it was no longer true, the moment it was withdrawn.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What makes a scheduled message unique (`pickup_reminder:42:…:2`): every scheduler pass may
     * try to queue it, on any number of instances, and the unique index keeps exactly one.
     */
    dedupeKey: varchar("dedupe_key", { length: 120 }).unique(),
    /** Set while one worker delivers the row; another worker may take it only once the lease ends. */
    claimToken: varchar("claim_token", { length: 36 }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /**
     * Set on a message a visitor's booking caused (a confirmation, an appointment reminder) that
     * was let through: its recipient as the per-recipient limits count it (`emailKey`, or the
     * number in E.164 form). Messages held back, to the shop or from staff are not counted.
     */
    recipientKey: varchar("recipient_key", { length: 254 }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_booking_idx").on(t.bookingId),
    index("outbox_recipient_key_idx").on(t.recipientKey, t.createdAt),
    check(
      "outbox_rendered_or_facts",
      sql`(${t.subject} is not null and ${t.textBody} is not null and ${t.htmlBody} is not null) or (${t.facts} is not null and ${t.origin} is not null) or (${t.channel} = 'sms' and ${t.textBody} is not null)`,
    ),
  ],
);

export const quoteStatus = pgEnum("quote_status", ["pending", "approved", "declined"]);

/**
 * A price staff offer for a repair, which the customer approves or declines once, through the
 * secret tracking link (docs/decisions/0025). Several over time; the latest is the one shown.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** CAD, before tax. */
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    covers: text("covers").notNull(),
    /** The last shop day it can be approved. */
    validUntil: date("valid_until").notNull(),
    status: quoteStatus("status").notNull().default("pending"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdByStaffId: integer("created_by_staff_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("quotes_booking_idx").on(t.bookingId, t.createdAt),
    index("quotes_status_idx").on(t.status, t.createdAt),
    check("quotes_amount_range", sql`${t.amount} >= 0 AND ${t.amount} < 100000`),
    check("quotes_covers_length", sql`char_length(${t.covers}) <= 500`),
    check("quotes_answered", sql`(${t.status} = 'pending') = (${t.answeredAt} IS NULL)`),
  ],
);

/** Numbers that replied STOP (E.164): no text goes to them until they reply START. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: varchar("phone", { length: 20 }).primaryKey(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A text a customer sent the shop, as the provider's webhook delivered it. The provider's message
 * id is unique: a replayed webhook request is refused rather than stored twice.
 */
export const smsInbound = pgTable(
  "sms_inbound",
  {
    id: serial("id").primaryKey(),
    providerId: varchar("provider_id", { length: 64 }).notNull().unique(),
    fromPhone: varchar("from_phone", { length: 20 }).notNull(),
    /** The customer's latest repair with this number, when there is one. */
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_inbound_booking_idx").on(t.bookingId, t.createdAt),
    check("sms_inbound_body_length", sql`char_length(${t.body}) <= 1600`),
  ],
);

// First-party analytics (docs/decisions/0007): counts per day, never a row per visitor.

export const deviceClass = pgEnum("device_class", deviceClasses);
export const webVitalName = pgEnum("web_vital_name", webVitalNames);

/** Page views summed per shop day, page, kept query, external referrer host and device class. */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    day: date("day").notNull(),
    path: varchar("path", { length: 200 }).notNull(),
    /** Only the query keys that matter (selector choices, FAQ search), sorted; "" when none. */
    query: varchar("query", { length: 300 }).notNull().default(""),
    /** Host of an external referrer; "" for direct visits and links within the site. */
    referrerHost: varchar("referrer_host", { length: 100 }).notNull().default(""),
    device: deviceClass("device").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.query, t.referrerHost, t.device] })],
);

/** One Core Web Vitals measurement of one page load: no visitor, address or user agent. */
export const webVitalSamples = pgTable(
  "web_vital_samples",
  {
    id: serial("id").primaryKey(),
    day: date("day").notNull(),
    path: varchar("path", { length: 200 }).notNull(),
    name: webVitalName("name").notNull(),
    /** Milliseconds, except CLS which has no unit. */
    value: doublePrecision("value").notNull(),
    device: deviceClass("device").notNull(),
  },
  (t) => [index("web_vital_samples_day_idx").on(t.day, t.path)],
);

/**
 * The shop's own rules that the owner or a manager changes on the Settings page (docs/decisions/
 * 0050-shop-settings.md): one row, absent until the first save; until then the environment's
 * values (BOOKING_SLOT_CAPACITY and the rest) are the settings.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: smallint("id").primaryKey().default(1),
    bookingSlotCapacity: integer("booking_slot_capacity").notNull(),
    bookingLimitPerCustomer: integer("booking_limit_per_customer").notNull(),
    quoteApprovalStartsRepair: boolean("quote_approval_starts_repair").notNull(),
    /** A new online booking is "confirmed" at once, or "received" until staff confirm it. */
    bookingsConfirmedAtOnce: boolean("bookings_confirmed_at_once").notNull().default(false),
    /**
     * How many hours before an appointment the customer can still move or cancel it online
     * (docs/decisions/0056); after that they call the shop.
     */
    changeCutoffHours: integer("change_cutoff_hours").notNull().default(2),
    /** As bookings.version (docs/decisions/0039). */
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_settings_one_row", sql`${t.id} = 1`),
    check("shop_settings_slot_capacity", sql`${t.bookingSlotCapacity} >= 1`),
    check("shop_settings_limit_per_customer", sql`${t.bookingLimitPerCustomer} >= 1`),
    check(
      "shop_settings_change_cutoff",
      sql`${t.changeCutoffHours} >= 0 AND ${t.changeCutoffHours} <= 168`,
    ),
  ],
);

/**
 * The days the shop keeps other hours than its week's (docs/decisions/0054): closed from one date
 * to another (with the reason customers are shown), or open on one date from `opens_at` to
 * `closes_at` (minutes after midnight; a statutory holiday the owner opens is such a day). Ontario's
 * statutory holidays are worked out, not stored. No two rows share a date: an exclusion constraint
 * in drizzle/0023_hours_exceptions.sql, which this schema cannot spell, settles it even between
 * two saves at once.
 */
export const hoursExceptions = pgTable(
  "hours_exceptions",
  {
    id: serial("id").primaryKey(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    opensAt: smallint("opens_at"),
    closesAt: smallint("closes_at"),
    /** Shown to customers: why the shop is closed, or what the special hours are for. */
    reason: varchar("reason", { length: 100 }),
    /** As bookings.version (docs/decisions/0039). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("hours_exceptions_dates", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "hours_exceptions_kind",
      sql`(${t.opensAt} is null and ${t.closesAt} is null and ${t.reason} is not null) or (${t.opensAt} >= 0 and ${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= 1440 and ${t.startsOn} = ${t.endsOn})`,
    ),
  ],
);

export const invoiceStatus = pgEnum("invoice_status", invoiceStatuses);
export const invoiceLineKind = pgEnum("invoice_line_kind", invoiceLineKinds);
export const paymentMethod = pgEnum("payment_method", paymentMethods);
export const discountKind = pgEnum("discount_kind", discountKinds);

/**
 * A repair's or a counter sale's invoice (docs/decisions/0065). Money is integer cents. A draft
 * carries its totals as they stand; issuing fixes them with the next number, the customer's name
 * and the tax rate, after which the row changes only to be voided. One invoice that is not void
 * per repair.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** From `invoice_numbers`, in the issuing transaction: no gap, no reuse. Null while a draft. */
    number: integer("number").unique(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** Who the invoice is made out to, as printed; kept when the customer record changes. */
    customerName: varchar("customer_name", { length: 201 }).notNull().default(""),
    status: invoiceStatus("status").notNull().default("draft"),
    discountKind: discountKind("discount_kind"),
    /** Cents for an amount, basis points (1/100 of a percent) for a percentage. */
    discountValue: integer("discount_value"),
    discountReason: varchar("discount_reason", { length: 200 }),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    /** The sum of the payments received, kept with the payments in one transaction. */
    paidCents: integer("paid_cents").notNull().default(0),
    /** The sum of its credit notes, kept with them in one transaction: what is no longer owed. */
    creditedCents: integer("credited_cents").notNull().default(0),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    issuedBy: integer("issued_by").references(() => staffUsers.id, { onDelete: "set null" }),
    /**
     * The warranty's length in days as the terms said when it was issued, so that changing the
     * terms later changes no running warranty.
     */
    warrantyDays: smallint("warranty_days"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: integer("voided_by").references(() => staffUsers.id, { onDelete: "set null" }),
    voidReason: varchar("void_reason", { length: 500 }),
    /** As bookings.version (docs/decisions/0039): a draft saved on a stale copy is refused. */
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    /** A counter sale's form key, stored hashed: the same form sent twice starts one sale. */
    submissionKey: varchar("submission_key", { length: 64 }).unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("invoices_booking_idx").on(t.bookingId),
    index("invoices_issued_idx").on(t.issuedAt),
    index("invoices_owing_idx")
      .on(t.issuedAt)
      .where(sql`${t.status} = 'issued' AND ${t.totalCents} > ${t.paidCents} + ${t.creditedCents}`),
    // The day's close lists the voids of a day (docs/decisions/0066).
    index("invoices_voided_idx").on(t.voidedAt),
    uniqueIndex("invoices_one_per_booking_idx")
      .on(t.bookingId)
      .where(sql`${t.status} <> 'void'`),
    check("invoices_numbered", sql`(${t.status} = 'draft') = (${t.number} IS NULL)`),
    check("invoices_issued", sql`(${t.status} = 'draft') = (${t.issuedAt} IS NULL)`),
    check(
      "invoices_warranty_days",
      sql`(${t.status} = 'draft') = (${t.warrantyDays} IS NULL) AND ${t.warrantyDays} BETWEEN 0 AND 3650`,
    ),
    check(
      "invoices_voided",
      sql`(${t.status} = 'void') = (${t.voidedAt} IS NOT NULL AND ${t.voidReason} IS NOT NULL)`,
    ),
    check(
      "invoices_discount",
      sql`(${t.discountKind} IS NULL) = (${t.discountValue} IS NULL) AND (${t.discountValue} IS NULL OR ${t.discountValue} >= 0) AND (${t.discountKind} <> 'percent' OR ${t.discountValue} <= 10000)`,
    ),
    check(
      "invoices_totals",
      sql`${t.subtotalCents} >= 0 AND ${t.discountCents} BETWEEN 0 AND ${t.subtotalCents} AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`,
    ),
    check("invoices_paid", sql`${t.paidCents} >= 0`),
    check(
      "invoices_credited",
      sql`${t.creditedCents} >= 0 AND ${t.paidCents} + ${t.creditedCents} <= ${t.totalCents}`,
    ),
    check(
      "invoices_tax_rate",
      sql`${t.taxRateBasisPoints} >= 0 AND ${t.taxRateBasisPoints} <= 10000`,
    ),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    kind: invoiceLineKind("kind").notNull(),
    description: varchar("description", { length: 200 }).notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    taxable: boolean("taxable").notNull(),
    /** The price-list item the line came from, if any. */
    repairItemId: integer("repair_item_id").references(() => repairItems.id, {
      onDelete: "set null",
    }),
    /** A `device` line: the device for sale it sells (one line per device, ever). */
    stockDeviceId: integer("stock_device_id").references(() => stockDevices.id, {
      onDelete: "restrict",
    }),
  },
  (t) => [
    unique("invoice_lines_position").on(t.invoiceId, t.position),
    check(
      "invoice_lines_device",
      sql`(${t.kind}::text = 'device') = (${t.stockDeviceId} IS NOT NULL) AND (${t.kind}::text <> 'device' OR ${t.quantity} = 1)`,
    ),
    check("invoice_lines_quantity", sql`${t.quantity} BETWEEN 1 AND 999`),
    check("invoice_lines_unit", sql`${t.unitCents} BETWEEN 0 AND 10000000`),
  ],
);

/**
 * The one row that hands out invoice numbers. Issuing takes the next one with an UPDATE in the
 * issuing transaction: a second issuer on any instance waits for the first to commit or roll
 * back, so numbers never skip and are never reused.
 */
export const invoiceNumbers = pgTable(
  "invoice_numbers",
  {
    id: smallint("id").primaryKey().default(1),
    lastNumber: integer("last_number").notNull().default(0),
    /** Credit notes are numbered in a series of their own, the same way. */
    lastCreditNote: integer("last_credit_note").notNull().default(0),
  },
  (t) => [check("invoice_numbers_single_row", sql`${t.id} = 1`)],
);

/**
 * Money received against an invoice: a deposit while it is a draft, a payment once issued. Never
 * changed or deleted (no refunds: the shop's terms). `submission_key` makes a form sent twice one
 * payment.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    method: paymentMethod("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Cash only: what the customer handed over; the change is the difference. */
    tenderedCents: integer("tendered_cents"),
    /** Interac e-Transfer's reference, or the payment provider's. */
    reference: varchar("reference", { length: 100 }),
    deposit: boolean("deposit").notNull(),
    receivedBy: integer("received_by").references(() => staffUsers.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    submissionKey: varchar("submission_key", { length: 100 }).unique(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    index("payments_received_idx").on(t.receivedAt),
    check("payments_amount", sql`${t.amountCents} > 0 AND ${t.amountCents} <= 100000000`),
    check(
      "payments_tendered",
      sql`(${t.method} = 'cash') = (${t.tenderedCents} IS NOT NULL) AND (${t.tenderedCents} IS NULL OR ${t.tenderedCents} >= ${t.amountCents})`,
    ),
    check(
      "payments_reference",
      sql`${t.method} NOT IN ('etransfer', 'online') OR ${t.reference} IS NOT NULL`,
    ),
  ],
);

/**
 * A warranty claim: a repair of its own (`claim_booking_id`) linked to the repair whose warranty it
 * claims on. Covered, it is done at no charge; not covered, one of the terms' exclusions says why
 * (or that the warranty had ended), with a note. Both repairs show the link.
 */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    id: serial("id").primaryKey(),
    originalBookingId: integer("original_booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    claimBookingId: integer("claim_booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    covered: boolean("covered").notNull(),
    /** Why it is not covered: an exclusion from the shop's terms, as they read when decided. */
    exclusion: varchar("exclusion", { length: 100 }),
    note: varchar("note", { length: 1000 }).notNull().default(""),
    decidedBy: integer("decided_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("warranty_claims_original_idx").on(t.originalBookingId),
    check("warranty_claims_reason", sql`${t.covered} = (${t.exclusion} IS NULL)`),
    check("warranty_claims_not_itself", sql`${t.originalBookingId} <> ${t.claimBookingId}`),
  ],
);

/**
 * A shop-local day's close (docs/decisions/0066): the cash counted in the drawer against the cash
 * payments of the day, and the day's totals as they stood, so the Z report of a closed day never
 * changes. One row per day: a second close of the same day is refused by the unique date.
 */
export const dayCloses = pgTable(
  "day_closes",
  {
    id: serial("id").primaryKey(),
    businessDate: date("business_date").notNull().unique(),
    /** The cash payments of the day (the amounts, not what was handed over) at the close. */
    expectedCashCents: integer("expected_cash_cents").notNull(),
    countedCashCents: integer("counted_cash_cents").notNull(),
    /** Counted minus expected: over when above zero, short below. */
    overShortCents: integer("over_short_cents").notNull(),
    note: varchar("note", { length: 500 }),
    closedBy: integer("closed_by").references(() => staffUsers.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    totals: jsonb("totals").$type<DayTotals>().notNull(),
  },
  (t) => [
    check(
      "day_closes_amounts",
      sql`${t.expectedCashCents} >= 0 AND ${t.countedCashCents} BETWEEN 0 AND 100000000`,
    ),
    check(
      "day_closes_over_short",
      sql`${t.overShortCents} = ${t.countedCashCents} - ${t.expectedCashCents}`,
    ),
  ],
);

export const stripeEventOutcome = pgEnum("stripe_event_outcome", stripeEventOutcomes);

/**
 * Stripe's webhook events that paid an invoice online (docs/decisions/0067), one row each, stored
 * in the transaction that records the payment. The event id is unique, so an event delivered again
 * is answered without recording it twice; so is the Checkout Session's id, so two events about one
 * session (completed, then async payment succeeded) record one payment. An amount that no longer
 * fits the balance (paid at the counter meanwhile) is kept here with no payment, for staff.
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: serial("id").primaryKey(),
    eventId: varchar("event_id", { length: 255 }).notNull().unique(),
    sessionId: varchar("session_id", { length: 255 }).notNull().unique(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    outcome: stripeEventOutcome("outcome").notNull(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stripe_events_invoice_idx").on(t.invoiceId),
    check("stripe_events_payment", sql`(${t.outcome} = 'recorded') = (${t.paymentId} IS NOT NULL)`),
  ],
);

/**
 * A credit note: part of an issued invoice no longer owed (a correction once payments exist, when
 * a void is refused), at most its balance (no refunds or store credit: the shop's terms). Its HST
 * is the invoice's in proportion. Numbered in a series of its own with no gap; never changed.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    number: integer("number").notNull().unique(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    /** With its tax: what comes off the invoice's balance. */
    amountCents: integer("amount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    reason: varchar("reason", { length: 500 }).notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_notes_invoice_idx").on(t.invoiceId),
    index("credit_notes_created_idx").on(t.createdAt),
    check(
      "credit_notes_amounts",
      sql`${t.amountCents} > 0 AND ${t.taxCents} >= 0 AND ${t.taxCents} <= ${t.amountCents}`,
    ),
  ],
);

export const deviceGrade = pgEnum("device_grade", deviceGrades);
export const offerStatus = pgEnum("offer_status", offerStatuses);
export const sellerIdType = pgEnum("seller_id_type", sellerIdTypes);
export const payoutMethod = pgEnum("payout_method", payoutMethods);
export const stockState = pgEnum("stock_state", stockStates);
export const reservationStatus = pgEnum("reservation_status", reservationStatuses);

/**
 * The buyback grid (docs/decisions/0072): what the shop pays for a model with a storage size in
 * each grade, less the deductions the condition answers call for. Staff edit it and move it in and
 * out as CSV. A price of 0 means the shop does not buy that model in that grade.
 */
export const buybackPrices = pgTable(
  "buyback_prices",
  {
    id: serial("id").primaryKey(),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }).notNull(),
    model: varchar("model", { length: 150 }).notNull(),
    /** As sellers read it ("128 GB", "1 TB"); empty for devices sold in one size. */
    storage: varchar("storage", { length: 20 }).notNull().default(""),
    excellentCents: integer("excellent_cents").notNull(),
    goodCents: integer("good_cents").notNull(),
    fairCents: integer("fair_cents").notNull(),
    brokenCents: integer("broken_cents").notNull(),
    /** Off the offer when the battery's health is below 80 % (or not known). */
    batteryDeductionCents: integer("battery_deduction_cents").notNull().default(0),
    /** Off the offer when a camera, a button, or Face ID or Touch ID does not work. */
    partsDeductionCents: integer("parts_deduction_cents").notNull().default(0),
    /** Off the offer when the device is locked to a carrier. */
    carrierLockDeductionCents: integer("carrier_lock_deduction_cents").notNull().default(0),
    /** As bookings.version: a grid row saved on a stale copy is refused. */
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("buyback_prices_device_idx").on(
      t.category,
      sql`lower(${t.brand})`,
      sql`lower(${t.model})`,
      sql`lower(${t.storage})`,
    ),
    check(
      "buyback_prices_amounts",
      sql`${t.excellentCents} BETWEEN 0 AND 10000000 AND ${t.goodCents} BETWEEN 0 AND ${t.excellentCents} AND ${t.fairCents} BETWEEN 0 AND ${t.goodCents} AND ${t.brokenCents} BETWEEN 0 AND ${t.fairCents}`,
    ),
    check(
      "buyback_prices_deductions",
      sql`${t.batteryDeductionCents} >= 0 AND ${t.partsDeductionCents} >= 0 AND ${t.carrierLockDeductionCents} >= 0`,
    ),
  ],
);

/**
 * An instant offer made on /sell: the device and answers as the seller gave them, the grade and
 * amount the grid gave, valid until `expires_at`. Its reference is what the seller quotes at the
 * counter; its secret link (stored hashed) shows it again.
 */
export const buybackOffers = pgTable(
  "buyback_offers",
  {
    id: serial("id").primaryKey(),
    reference: varchar("reference", { length: 16 }).notNull().unique(),
    /** SHA-256 of the secret link's token. */
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    /** Idempotency: one offer per rendered form, whatever the retries and the offline queue. */
    submissionKey: varchar("submission_key", { length: 64 }).notNull().unique(),
    priceId: integer("price_id").references(() => buybackPrices.id, { onDelete: "set null" }),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }).notNull(),
    model: varchar("model", { length: 150 }).notNull(),
    storage: varchar("storage", { length: 20 }).notNull().default(""),
    answers: jsonb("answers").$type<OfferAnswers>().notNull(),
    grade: deviceGrade("grade").notNull(),
    offerCents: integer("offer_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    name: varchar("name", { length: 201 }).notNull(),
    email: varchar("email", { length: 254 }),
    phone: varchar("phone", { length: 40 }),
    phoneDigits: varchar("phone_digits", { length: 15 }),
    /** How the seller agreed to get the offer: e-mail, text or both. */
    notifyBy: notifyChannel("notify_by"),
    /** A drop-off time picked from the booking slots, or null: they just bring it. */
    dropOffDate: date("drop_off_date"),
    /** "HH:MM", shop time. */
    dropOffTime: char("drop_off_time", { length: 5 }),
    status: offerStatus("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("buyback_offers_created_idx").on(t.createdAt),
    index("buyback_offers_drop_off_idx").on(t.dropOffDate, t.dropOffTime),
    index("buyback_offers_phone_idx").on(t.phoneDigits),
    check("buyback_offers_amount", sql`${t.offerCents} > 0 AND ${t.offerCents} <= 10000000`),
    check("buyback_offers_contact", sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check("buyback_offers_drop_off", sql`(${t.dropOffDate} IS NULL) = (${t.dropOffTime} IS NULL)`),
  ],
);

/**
 * A device bought at the counter, from an online offer or fresh: the seller, their ID (sealed at
 * rest, its last four kept to show it masked, erased after the shop's retention period), the
 * device, the blocklist check staff recorded, the inspected grade and amount paid, and the
 * seller's declaration that the device is theirs. The purchase record prints from this row.
 */
export const buybackPurchases = pgTable(
  "buyback_purchases",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .unique()
      .references(() => buybackOffers.id, { onDelete: "restrict" }),
    submissionKey: varchar("submission_key", { length: 64 }).notNull().unique(),
    sellerName: varchar("seller_name", { length: 201 }).notNull(),
    sellerPhone: varchar("seller_phone", { length: 40 }).notNull(),
    idType: sellerIdType("id_type").notNull(),
    /** The ID's number sealed with app/server/secret-box.server.ts; null once erased. */
    idNumberSealed: text("id_number_sealed"),
    idNumberLast4: varchar("id_number_last4", { length: 4 }).notNull(),
    /** When the sealed number is erased (the shop's retention period from the purchase). */
    idKeptUntil: date("id_kept_until").notNull(),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }).notNull(),
    model: varchar("model", { length: 150 }).notNull(),
    storage: varchar("storage", { length: 20 }).notNull().default(""),
    colour: varchar("colour", { length: 40 }),
    imei: char("imei", { length: 15 }),
    serialNumber: varchar("serial_number", { length: 64 }),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    /** The carrier blocklist check (Device Check Canada), as staff recorded it: clear to buy. */
    blocklistClear: boolean("blocklist_clear").notNull(),
    blocklistCheckedAt: timestamp("blocklist_checked_at", { withTimezone: true }).notNull(),
    blocklistCheckedBy: integer("blocklist_checked_by").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    grade: deviceGrade("grade").notNull(),
    /** What the online offer said, when there was one. */
    offeredCents: integer("offered_cents"),
    paidCents: integer("paid_cents").notNull(),
    /** Why the counter paid less than the online offer: shown to the seller, printed. */
    lowerReason: varchar("lower_reason", { length: 500 }),
    payoutMethod: payoutMethod("payout_method").notNull(),
    payoutReference: varchar("payout_reference", { length: 100 }),
    /** The seller's name as typed under the declaration (no JavaScript) or beside the signature. */
    declarationName: varchar("declaration_name", { length: 201 }).notNull(),
    /** The finger-drawn signature as SVG path data, when drawn. */
    signature: text("signature"),
    declaredAt: timestamp("declared_at", { withTimezone: true }).notNull(),
    /** Not to be resold before this day (the shop's hold period). */
    holdUntil: date("hold_until").notNull(),
    purchasedBy: integer("purchased_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("buyback_purchases_created_idx").on(t.createdAt),
    index("buyback_purchases_imei_idx").on(t.imei),
    index("buyback_purchases_kept_idx")
      .on(t.idKeptUntil)
      .where(sql`${t.idNumberSealed} IS NOT NULL`),
    check(
      "buyback_purchases_identified",
      sql`${t.imei} IS NOT NULL OR ${t.serialNumber} IS NOT NULL`,
    ),
    check("buyback_purchases_imei_digits", sql`${t.imei} ~ '^[0-9]{15}$'`),
    check("buyback_purchases_clear", sql`${t.blocklistClear}`),
    check("buyback_purchases_paid", sql`${t.paidCents} > 0 AND ${t.paidCents} <= 10000000`),
    check(
      "buyback_purchases_lower",
      sql`${t.offeredCents} IS NULL OR ${t.paidCents} >= ${t.offeredCents} OR ${t.lowerReason} IS NOT NULL`,
    ),
    check(
      "buyback_purchases_payout",
      sql`${t.payoutMethod} <> 'etransfer' OR ${t.payoutReference} IS NOT NULL`,
    ),
  ],
);

/**
 * A device the shop sells, from a buyback (`purchase_id`) or bought as stock. Listed on /shop while
 * `for_sale`; `reserved` holds it for a reservation until `reserved_until`; `sold` when an invoice
 * line sells it. Every change of state is a conditional UPDATE of this row, so a reservation and a
 * counter sale arriving at once cannot both win.
 */
export const stockDevices = pgTable(
  "stock_devices",
  {
    id: serial("id").primaryKey(),
    /** The random part of its public address (/shop/{slug}-{public id}). */
    publicId: varchar("public_id", { length: 16 }).notNull().unique(),
    purchaseId: integer("purchase_id")
      .unique()
      .references(() => buybackPurchases.id, { onDelete: "restrict" }),
    category: deviceCategory("category").notNull(),
    brand: varchar("brand", { length: 100 }).notNull(),
    model: varchar("model", { length: 150 }).notNull(),
    storage: varchar("storage", { length: 20 }).notNull().default(""),
    colour: varchar("colour", { length: 40 }),
    grade: deviceGrade("grade").notNull(),
    /** Percent of its design capacity, when measured. */
    batteryHealth: smallint("battery_health"),
    imei: char("imei", { length: 15 }),
    serialNumber: varchar("serial_number", { length: 64 }),
    description: varchar("description", { length: 2000 }).notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** What the shop paid (the buyback's amount, or the stock's cost): the margin's other side. */
    costCents: integer("cost_cents").notNull(),
    warrantyMonths: smallint("warranty_months").notNull(),
    state: stockState("state").notNull().default("refurbishing"),
    /** Not listed before this day (a buyback's hold period). */
    availableFrom: date("available_from"),
    /** The stock age counts from here: when it was bought or entered. */
    acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().defaultNow(),
    listedAt: timestamp("listed_at", { withTimezone: true }),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("stock_devices_listing_idx")
      .on(t.category, t.priceCents)
      .where(sql`${t.state} = 'for_sale'`),
    index("stock_devices_state_idx").on(t.state, t.acquiredAt),
    check("stock_devices_identified", sql`${t.imei} IS NOT NULL OR ${t.serialNumber} IS NOT NULL`),
    check("stock_devices_imei_digits", sql`${t.imei} ~ '^[0-9]{15}$'`),
    check("stock_devices_battery", sql`${t.batteryHealth} BETWEEN 0 AND 100`),
    check(
      "stock_devices_amounts",
      sql`${t.priceCents} BETWEEN 0 AND 10000000 AND ${t.costCents} BETWEEN 0 AND 10000000`,
    ),
    check("stock_devices_warranty", sql`${t.warrantyMonths} BETWEEN 0 AND 36`),
    check(
      "stock_devices_reserved",
      sql`(${t.state} = 'reserved') = (${t.reservedUntil} IS NOT NULL)`,
    ),
    check("stock_devices_sold", sql`(${t.state} = 'sold') = (${t.soldAt} IS NOT NULL)`),
  ],
);

/**
 * "Reserve for pickup" on /shop: a customer's hold on one device for the shop's reservation
 * period, with a reference staff look it up by. At most one held reservation per device.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: serial("id").primaryKey(),
    stockDeviceId: integer("stock_device_id")
      .notNull()
      .references(() => stockDevices.id, { onDelete: "cascade" }),
    reference: varchar("reference", { length: 16 }).notNull().unique(),
    submissionKey: varchar("submission_key", { length: 64 }).notNull().unique(),
    name: varchar("name", { length: 201 }).notNull(),
    email: varchar("email", { length: 254 }),
    phone: varchar("phone", { length: 40 }),
    notifyBy: notifyChannel("notify_by").notNull(),
    status: reservationStatus("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("stock_reservations_one_held_idx")
      .on(t.stockDeviceId)
      .where(sql`${t.status} = 'held'`),
    check("stock_reservations_contact", sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
  ],
);
