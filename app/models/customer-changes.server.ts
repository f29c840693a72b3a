import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { bookings, customerContacts, customers, devices } from "#db/schema";
import { recordAudit } from "~/models/audit.server";
import {
  auditedChanges,
  ChangedMeanwhile,
  missedSince,
  type AuditedRecord,
  type RecordChange,
} from "~/models/record-changes.server";
import { database } from "~/server/db.server";
import type { NotifyChannel } from "~/types/booking";
import { phoneDigits } from "~/utils/phone";
import { emailKey } from "~/utils/recipient-key";
import { notifyByLabels } from "~/models/customer.server";
import { rowsOf } from "~/models/customer-match.server";

type Customer = typeof customers.$inferSelect;

/** "Customer #12" in the audit trail: names stay on the record, not in the trail's summaries. */
const customerLabel = (id: number) => `Customer #${id}`;

/** A customer's changes in the audit trail: one per version after the first (decision 0039). */
const customerChangesOf = (id: number): AuditedRecord => ({
  entity: "customer",
  entityId: id,
  actions: ["customer.edit", "customer.contact", "customer.merge"],
});

/** A save on a copy of the customer read before someone else changed it: nothing was stored. */
export class CustomerChangedMeanwhile extends ChangedMeanwhile<Customer> {
  constructor(current: Customer, changes: RecordChange[]) {
    super(current, changes, `${customerLabel(current.id)} changed since it was read`);
  }
}

/** A change the rules refuse (a contact another customer has, the last contact); nothing stored. */
export class CustomerChangeRefused extends Error {}

/** The customer locked for the change, refused when merged or read at an older version. */
async function lockedCustomer(tx: Transaction, id: number, readVersion: number | undefined) {
  const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
  if (!current) return undefined;
  if (current.mergedIntoId !== null)
    throw new CustomerChangeRefused(
      `This record was merged into ${customerLabel(current.mergedIntoId)}: change that one.`,
    );
  if (readVersion !== undefined && readVersion !== current.version) {
    const missed = missedSince(current.version, readVersion);
    throw new CustomerChangedMeanwhile(
      current,
      await auditedChanges(tx, customerChangesOf(id), missed),
    );
  }
  return current;
}

/** Runs `change` on the customer, locked and checked, in one transaction; undefined when none. */
async function changeCustomer<Result>(
  id: number,
  readVersion: number | undefined,
  change: (tx: Transaction, current: Customer) => Promise<Result>,
) {
  const db = await database();
  return db.transaction(async (tx) => {
    const current = await lockedCustomer(tx, id, readVersion);
    return current ? change(tx, current) : undefined;
  });
}

const bump = { version: sql`${customers.version} + 1`, updatedAt: sql`now()` };

/** A contact added or removed: one more version and its audit entry (the kind, not the value). */
async function contactChanged(
  tx: Transaction,
  id: number,
  staffId: number,
  change: "added" | "removed",
  contact: { id: number; kind: "phone" | "email" },
) {
  await tx.update(customers).set(bump).where(eq(customers.id, id));
  await recordAudit(tx, staffId, {
    action: "customer.contact",
    entity: "customer",
    entityId: id,
    summary: `${customerLabel(id)}: ${contact.kind === "phone" ? "phone" : "e-mail"} ${change}`,
    details: { [change]: { id: contact.id, kind: contact.kind } },
  });
}

/**
 * Staff correct a customer's name or the channel their next repairs are offered (the repairs
 * already booked keep their own). Refused when read at an older version; audited with the fields
 * changed. Undefined when there is no such customer.
 */
export async function updateCustomer(
  id: number,
  change: { firstName: string; lastName: string; notifyBy: NotifyChannel },
  staffId: number,
  readVersion: number | undefined,
) {
  return changeCustomer(id, readVersion, async (tx, current) => {
    const fields = (["firstName", "lastName", "notifyBy"] as const).filter(
      (f) => current[f] !== change[f],
    );
    if (!fields.length) return current;
    const [updated] = await tx
      .update(customers)
      .set({ ...change, ...bump })
      .where(eq(customers.id, id))
      .returning();
    const words = { firstName: "first name", lastName: "last name", notifyBy: "channel" } as const;
    await recordAudit(tx, staffId, {
      action: "customer.edit",
      entity: "customer",
      entityId: id,
      summary: `${customerLabel(id)}: ${fields.map((f) => words[f]).join(", ")} changed${
        fields.includes("notifyBy") ? ` (now ${notifyByLabels[change.notifyBy]})` : ""
      }`,
      details: Object.fromEntries(fields.map((f) => [f, { from: current[f], to: change[f] }])),
    });
    return updated;
  });
}

/**
 * Adds a phone or an address to a customer. Refused when another customer has it (the owner can
 * merge the two) or this one already does. Undefined when there is no such customer.
 */
export async function addCustomerContact(
  id: number,
  contact: { kind: "phone" | "email"; value: string },
  staffId: number,
  readVersion: number | undefined,
) {
  return changeCustomer(id, readVersion, async (tx, current) => {
    const matchKey =
      contact.kind === "phone" ? phoneDigits(contact.value) : emailKey(contact.value);
    const [added] = await tx
      .insert(customerContacts)
      .values({ customerId: id, kind: contact.kind, value: contact.value.trim(), matchKey })
      .onConflictDoNothing()
      .returning();
    if (!added) {
      const [owner] = await tx
        .select({ customerId: customerContacts.customerId })
        .from(customerContacts)
        .where(
          and(eq(customerContacts.kind, contact.kind), eq(customerContacts.matchKey, matchKey)),
        );
      const what = contact.kind === "phone" ? "That phone number" : "That e-mail address";
      throw new CustomerChangeRefused(
        owner?.customerId === id
          ? `${what} is already this customer's.`
          : `${what} belongs to ${customerLabel(owner?.customerId ?? 0)}. If they are the same person, the owner can merge the two records.`,
      );
    }
    await contactChanged(tx, id, staffId, "added", added);
    return current;
  });
}

/** Removes one of a customer's contacts; the last one stays, so the record can still be found. */
export async function removeCustomerContact(
  id: number,
  contactId: number,
  staffId: number,
  readVersion: number | undefined,
) {
  return changeCustomer(id, readVersion, async (tx, current) => {
    const contacts = await tx
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.customerId, id));
    const removed = contacts.find((c) => c.id === contactId);
    if (!removed)
      throw new CustomerChangeRefused(
        "That contact is not on this customer any more. Reload the page.",
      );
    if (contacts.length === 1)
      throw new CustomerChangeRefused(
        "A customer keeps at least one phone or e-mail address: add the new one first.",
      );
    await tx.delete(customerContacts).where(eq(customerContacts.id, contactId));
    await contactChanged(tx, id, staffId, "removed", removed);
    return current;
  });
}

/** Two records the owner looked at to merge changed since: nothing was stored. */
export class MergeChangedMeanwhile extends Error {
  constructor(readonly changes: RecordChange[]) {
    super("a record changed since it was read");
  }
}

/**
 * The owner merges `mergeId` into `keepId` (decision 0042): its repairs, devices and contacts
 * move to the kept record, which keeps its own name and channel; the merged record stays, pointing
 * at the kept one (as do records merged into it before), so its old address leads there. Both
 * are refused when either was read at an older version or is already merged. One audit entry on
 * each record, with both ids and the ids of what moved.
 */
export async function mergeCustomers(
  input: { keepId: number; mergeId: number; keepVersion?: number; mergeVersion?: number },
  ownerId: number,
) {
  const { keepId, mergeId } = input;
  if (keepId === mergeId) throw new CustomerChangeRefused("A record cannot be merged into itself.");
  const db = await database();
  return db.transaction(async (tx) => {
    // Both rows locked, lower id first, so two merges of one pair wait rather than deadlock.
    const locked = await tx
      .select()
      .from(customers)
      .where(inArray(customers.id, [keepId, mergeId]))
      .orderBy(customers.id)
      .for("update");
    const keep = locked.find((c) => c.id === keepId);
    const merge = locked.find((c) => c.id === mergeId);
    if (!keep || !merge) return undefined;
    const stale = [
      [keep, input.keepVersion],
      [merge, input.mergeVersion],
    ] as const;
    const missed = await Promise.all(
      stale
        .filter(([row, read]) => read !== undefined && read !== row.version)
        .map(([row, read]) =>
          auditedChanges(tx, customerChangesOf(row.id), missedSince(row.version, read!)),
        ),
    );
    if (missed.length)
      throw new MergeChangedMeanwhile(
        missed.flat().sort((a, b) => b.at.getTime() - a.at.getTime()),
      );
    if (keep.mergedIntoId !== null || merge.mergedIntoId !== null)
      throw new CustomerChangeRefused("One of these records was merged already. Reload the page.");

    const movedRepairs = await tx
      .update(bookings)
      .set({ customerId: keepId })
      .where(eq(bookings.customerId, mergeId))
      .returning({ id: bookings.id });
    const movedDevices = await tx
      .update(devices)
      .set({ customerId: keepId })
      .where(eq(devices.customerId, mergeId))
      .returning({ id: devices.id });
    const movedContacts = await tx
      .update(customerContacts)
      .set({ customerId: keepId })
      .where(eq(customerContacts.customerId, mergeId))
      .returning({ id: customerContacts.id });
    await tx
      .update(customers)
      .set({ mergedIntoId: keepId, updatedAt: sql`now()` })
      .where(eq(customers.mergedIntoId, mergeId));
    await tx
      .update(customers)
      .set({ mergedIntoId: keepId, ...bump })
      .where(eq(customers.id, mergeId));
    await tx.update(customers).set(bump).where(eq(customers.id, keepId));
    const moved = {
      repairs: movedRepairs.map((r) => r.id),
      devices: movedDevices.map((d) => d.id),
      contacts: movedContacts.map((c) => c.id),
    };
    const counts = `${moved.repairs.length} repair(s), ${moved.devices.length} device(s), ${moved.contacts.length} contact(s)`;
    for (const [entityId, summary] of [
      [keepId, `${customerLabel(mergeId)} merged into ${customerLabel(keepId)}: ${counts} moved`],
      [mergeId, `${customerLabel(mergeId)} merged into ${customerLabel(keepId)}`],
    ] as const)
      await recordAudit(tx, ownerId, {
        action: "customer.merge",
        entity: "customer",
        entityId,
        summary,
        details: { keptId: keepId, mergedId: mergeId, moved },
      });
    return { keepId, mergeId, moved };
  });
}

/** Why two records look like one person. */
export type DuplicateReason = "name" | "contacts";

/**
 * Pairs of records that are likely one person, for the owner to merge: the same name (case,
 * accents and spaces aside: customers.name_key) under different contacts, or a repair whose
 * phone was one customer's and whose e-mail address another's. At most `limit` pairs, the newest
 * first: the duplicate made today is the one the owner is looking for.
 */
export async function likelyDuplicatePairs(limit = 50) {
  const db = await database();
  const result = await db.execute(sql`
    select a_id, b_id, reason from (
      select a.id as a_id, b.id as b_id, 'name' as reason
      from ${customers} a join ${customers} b on a.id < b.id and a.name_key = b.name_key
      where a.merged_into_id is null and b.merged_into_id is null
      union
      select least(bk.customer_id, cc.customer_id), greatest(bk.customer_id, cc.customer_id), 'contacts'
      from ${bookings} bk
        join ${customerContacts} cc on cc.kind = 'email' and cc.match_key = bk.email_key
        join ${customers} x on x.id = cc.customer_id and x.merged_into_id is null
        join ${customers} y on y.id = bk.customer_id and y.merged_into_id is null
      where cc.customer_id <> bk.customer_id
    ) pairs
    order by b_id desc, a_id desc, reason
    limit ${limit}`);
  const rows = rowsOf<{ a_id: number; b_id: number; reason: DuplicateReason }>(result);
  // A pair found both ways is listed once, with both reasons.
  const pairs = new Map<string, { a: number; b: number; reasons: DuplicateReason[] }>();
  for (const row of rows) {
    const key = `${row.a_id}:${row.b_id}`;
    const pair = pairs.get(key) ?? { a: Number(row.a_id), b: Number(row.b_id), reasons: [] };
    pair.reasons.push(row.reason);
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}
