import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client";
import { customerContacts, customers, devices } from "#db/schema";
import type { CategorySlug } from "~/config/shop";
import type { NotifyChannel } from "~/types/booking";
import type { DeviceIdentifier } from "~/utils/device-identifier";
import { phoneDigits } from "~/utils/phone";
import { emailKey } from "~/utils/recipient-key";

/** Who a new repair is for, as its form gave them. */
export type CustomerFacts = {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  notifyBy: NotifyChannel;
  reviewOptIn: boolean;
};

/** How a phone and an e-mail address are matched: `customer_contacts.match_key`. */
export const contactKeys = (facts: Pick<CustomerFacts, "phone" | "email">) => ({
  phone: phoneDigits(facts.phone),
  email: facts.email ? emailKey(facts.email) : null,
});

/**
 * Transaction locks on a phone's and an address's match keys, as SQL expressions for a `select`.
 * Taken in a statement before `customerFor`'s, so that two repairs of one new customer, on any
 * instance, are matched one after the other and the second finds the customer the first created.
 * Sorted, so two transactions never wait on each other's second key.
 */
export function customerLocks(keys: { phone: string; email: string | null }): SQL {
  const names = [
    `customer:phone:${keys.phone}`,
    ...(keys.email ? [`customer:email:${keys.email}`] : []),
  ];
  return sql.join(
    names.sort().map((name) => sql`pg_advisory_xact_lock(hashtext(${name}))`),
    sql`, `,
  );
}

/**
 * One statement that finds or creates the customer a new repair belongs to, and returns its id
 * (docs/decisions/0042, 0052). The phone decides first, then the e-mail address, but only under
 * the same name (customers.name_key): a family shares an address more often than a phone, and
 * Zoë's repair does not belong on her father's record. A customer merged into another stands for
 * the one it was merged into. A new customer is created with the form's name, channel and
 * consent. Either contact the customer lacks is added, unless another customer
 * has it: an address stays with whoever had it first (that pair is then listed as likely
 * duplicates). An existing customer's name, channel and consent are left as staff last set them.
 *
 * Run it after `customerLocks` in the same transaction. Afterwards the phone's contact belongs to
 * the customer returned, so a statement pipelined after it can read the id from there
 * (`customerOfPhone`).
 */
export function customerFor(facts: CustomerFacts): SQL<{ id: number }> {
  const keys = contactKeys(facts);
  return sql`with matched as (
      select coalesce(c.merged_into_id, c.id) as id
      from ${customerContacts} cc join ${customers} c on c.id = cc.customer_id
      where (cc.kind = 'phone' and cc.match_key = ${keys.phone})
         or (cc.kind = 'email' and cc.match_key = ${keys.email}
           and c.name_key = btrim(search_fold(${facts.firstName})) || ' ' || btrim(search_fold(${facts.lastName})))
      order by (cc.kind = 'phone') desc
      limit 1
    ), created as (
      insert into ${customers} (first_name, last_name, notify_by, review_opt_in)
      select ${facts.firstName}, ${facts.lastName}, ${facts.notifyBy}::notify_channel, ${facts.reviewOptIn}
      where not exists (select 1 from matched)
      returning id
    ), chosen as (
      select id from matched union all select id from created
    ), added as (
      insert into ${customerContacts} (customer_id, kind, value, match_key)
      select chosen.id, 'phone'::customer_contact_kind, ${facts.phone.trim()}, ${keys.phone} from chosen
      union all
      select chosen.id, 'email'::customer_contact_kind, ${facts.email?.trim() ?? null}, ${keys.email} from chosen
      where ${keys.email}::text is not null
      on conflict (kind, match_key) do nothing
    )
    select id from chosen` as SQL<{ id: number }>;
}

/** The customer owning a phone's match key: the one `customerFor` returned, read in a later statement. */
export const customerOfPhone = (phone: string) =>
  sql`(select ${customerContacts.customerId} from ${customerContacts} where ${customerContacts.kind} = 'phone' and ${customerContacts.matchKey} = ${phoneDigits(phone)})`;

type Executor = Pick<Database, "execute" | "insert">;

/** The rows of a raw statement's answer, whichever driver ran it. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/** Locks the contacts' keys, then finds or creates the customer: the walk-in's two statements. */
export async function matchCustomer(tx: Executor, facts: CustomerFacts): Promise<number> {
  await tx.execute(sql`select ${customerLocks(contactKeys(facts))}`);
  const [row] = rowsOf<{ id: number }>(await tx.execute(customerFor(facts)));
  if (!row) throw new Error("no customer after matching");
  return row.id;
}

/** A device as intake recorded it: what it is, and its IMEI or serial number. */
export type DeviceFacts = {
  identifier: DeviceIdentifier;
  category: CategorySlug;
  brand: string | null;
  model: string | null;
};

/**
 * The device an IMEI or serial number names: the row already holding it (now brought in by
 * `customerId`, with the brand and model typed this time when there were some), or a new one.
 * One statement, so two repairs typing one new number at once make one device.
 */
export async function deviceFor(
  tx: Executor,
  customerId: number | null,
  device: DeviceFacts,
): Promise<number> {
  const imei = device.identifier.kind === "imei";
  const [row] = await tx
    .insert(devices)
    .values({
      customerId,
      category: device.category,
      brand: device.brand,
      model: device.model,
      ...(imei ? { imei: device.identifier.value } : { serialNumber: device.identifier.value }),
    })
    .onConflictDoUpdate({
      target: imei ? devices.imei : devices.serialNumber,
      set: {
        customerId: sql`coalesce(excluded.customer_id, ${devices.customerId})`,
        category: sql`excluded.category`,
        brand: sql`coalesce(excluded.brand, ${devices.brand})`,
        model: sql`coalesce(excluded.model, ${devices.model})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: devices.id });
  return row!.id;
}
