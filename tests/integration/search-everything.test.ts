import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerContacts, customers, devices, repairNotes } from "../../db/schema";
import { listRepairRequests } from "~/models/booking-list.server";
import { bookingReference } from "~/utils/booking-reference";
import { compactForSearch, foldForSearch, foldedLetters } from "~/utils/search-fold";
import { insertBooking } from "../support/admin";
import { installTestDatabase, testDriver, type TestDatabase } from "../support/test-database";

/**
 * The one search box (docs/decisions/0045): every kind of thing staff type finds the repairs it
 * belongs to, and nothing else, accents, case and spacing aside.
 */

let handle: TestDatabase;
type Row = Awaited<ReturnType<typeof insertBooking>>;
const rows: Record<
  "belanger" | "zoe" | "plainZoe" | "iphone13" | "iphoneJoined" | "water" | "imei" | "serial",
  Row
> = {} as never;
let regular: Row;
let regularsOther: Row;

beforeAll(async () => {
  handle = await installTestDatabase();
  const { db } = handle;
  rows.belanger = await insertBooking(db, {
    firstName: "Hélène",
    lastName: "Bélanger",
    deviceBrand: "Samsung",
    deviceModel: "Galaxy S21",
  });
  rows.zoe = await insertBooking(db, {
    firstName: "Zoë",
    lastName: "Côté",
    deviceBrand: "Google",
    deviceModel: "Pixel 7",
  });
  rows.plainZoe = await insertBooking(db, {
    firstName: "Zoe",
    lastName: "Tremblay",
    deviceBrand: "Google",
    deviceModel: "Pixel 8",
  });
  rows.iphone13 = await insertBooking(db, { deviceBrand: "Apple", deviceModel: "iPhone 13" });
  rows.iphoneJoined = await insertBooking(db, { deviceBrand: "Apple", deviceModel: "iPhone13" });
  rows.water = await insertBooking(db, {
    deviceBrand: "Lenovo",
    deviceModel: "ThinkPad X1",
    issueType: "Water Damage",
  });
  const [imeiDevice, serialDevice] = await db
    .insert(devices)
    .values([
      { category: "mobile", brand: "Apple", model: "iPhone 12", imei: "490154203237518" },
      { category: "laptop", brand: "Apple", model: "MacBook Air", serialNumber: "FVF-C02XK1AB" },
    ])
    .returning();
  rows.imei = await insertBooking(db, {
    deviceBrand: "Apple",
    deviceModel: "iPhone 12",
    deviceId: imeiDevice!.id,
  });
  rows.serial = await insertBooking(db, {
    deviceCategory: "laptop",
    deviceBrand: "Apple",
    deviceModel: "MacBook Air",
    deviceId: serialDevice!.id,
  });
  await db.insert(repairNotes).values({
    bookingId: rows.water.id,
    body: "Écran fissuré à l'arrivée.\nCommande fournisseur PO-77120",
  });
  // A returning customer: the repair was booked with one phone; the record knows a second.
  const [customer] = await db
    .insert(customers)
    .values({ firstName: "Marie-Ève", lastName: "Gagnon" })
    .returning();
  await db.insert(customerContacts).values([
    { customerId: customer!.id, kind: "phone", value: "905-555-0190", matchKey: "9055550190" },
    { customerId: customer!.id, kind: "phone", value: "(647) 555-0321", matchKey: "6475550321" },
  ]);
  regular = await insertBooking(db, {
    firstName: "Marie-Ève",
    lastName: "Gagnon",
    phone: "905-555-0190",
    deviceModel: "iPad Air",
    customerId: customer!.id,
  });
  regularsOther = await insertBooking(db, { phone: "647-555-0888", deviceModel: "iPad Mini" });
});
afterAll(() => handle.drop());

const found = async (q: string) =>
  new Set((await listRepairRequests({ q }, { limit: 100, offset: 0 })).rows.map((row) => row.id));
const foundOnly = async (q: string, ...expected: Row[]) =>
  expect(await found(q), q).toEqual(new Set(expected.map((row) => row.id)));

/** Each text passed through one of the migration's functions, in order. */
async function inTheDatabase(name: "search_fold" | "search_key", texts: string[]) {
  const calls = texts.map((text) => sql`public.${sql.raw(name)}(${text}::text)`);
  const [row] = await handle.db
    .select({ out: sql<string[]>`array[${sql.join(calls, sql`, `)}]` })
    .from(sql`(values (1)) as one (n)`);
  return row!.out;
}

describe(`search folding on ${testDriver}`, () => {
  it("folds every accented letter in the database as the app folds a search", async () => {
    const letters = foldedLetters.flatMap((letter) => [letter, letter.toUpperCase()]);
    const inDatabase = await inTheDatabase("search_fold", letters);
    expect(inDatabase).toEqual(letters.map(foldForSearch));
    // Every letter becomes plain ASCII, so the table has no gap.
    for (const folded of inDatabase) expect(folded).toMatch(/^[a-z]+$/);
  });

  it("keeps a field folded and run together, as the app reads a typed word", async () => {
    const samples = [
      "Zoë  CÔTÉ",
      "O'Brien-Smith",
      "Cœur\tde\nLætitia",
      "Ze\u0301lie",
      "priya.raman@example.com",
      "iPhone 13 Pro Max",
      "no\u00a0break",
      "plain",
    ];
    expect(await inTheDatabase("search_key", samples)).toEqual(
      samples.map((sample) => {
        const folded = foldForSearch(sample);
        const compact = compactForSearch(folded);
        return compact === folded ? folded : `${folded} ${compact}`;
      }),
    );
  });
});

describe(`the one search box on ${testDriver}`, () => {
  it("finds names without their accents, in any case", async () => {
    await foundOnly("Belanger", rows.belanger);
    await foundOnly("helene belanger", rows.belanger);
    await foundOnly("Cote", rows.zoe);
    await foundOnly("ZOE COTE", rows.zoe);
    await foundOnly("Zoe", rows.zoe, rows.plainZoe);
  });

  it("finds names written without accents by a search typed with them", async () => {
    await foundOnly("Zoë", rows.zoe, rows.plainZoe);
    await foundOnly("Zoë Tremblay", rows.plainZoe);
    await foundOnly("Bélanger", rows.belanger);
  });

  it("finds a model however it is spaced", async () => {
    for (const q of ["iphone13", "iPhone 13", "apple iphone13"])
      await foundOnly(q, rows.iphone13, rows.iphoneJoined);
    await foundOnly("galaxys21", rows.belanger);
    await foundOnly("iphone14");
  });

  it("finds an issue type", async () => {
    await foundOnly("water damage", rows.water);
    await foundOnly("waterdamage", rows.water);
    await foundOnly("thinkpad water", rows.water);
  });

  it("finds a device by its IMEI, whole, in part or spaced out, and by serial number", async () => {
    for (const q of ["490154203237518", "49015420 3237518", "237518"])
      await foundOnly(q, rows.imei);
    for (const q of ["FVF-C02XK1AB", "fvfc02xk1ab", "c02xk1ab"]) await foundOnly(q, rows.serial);
    await foundOnly("490154203237519");
    await foundOnly("C02XK1AC");
  });

  it("finds a repair by its private note without the note's accents", async () => {
    await foundOnly("ecran fissure", rows.water);
    await foundOnly("PO-77120", rows.water);
    await foundOnly("écran belanger");
  });

  it("finds a returning customer's repairs by a phone only their record holds", async () => {
    await foundOnly("(647) 555-0321", regular);
    await foundOnly("6475550321", regular);
    await foundOnly("marie-eve gagnon", regular);
    await foundOnly("marieeve", regular);
    await foundOnly("647-555-0888", regularsOther);
  });

  it("finds a repair by the name its customer record now has, not only the name it was booked under", async () => {
    // Staff corrected the record's spelling after the booking: the repair keeps the name typed.
    await handle.db
      .update(customers)
      .set({ firstName: "Marie-Ève", lastName: "Gagnon-Lévesque" })
      .where(sql`${customers.id} = ${regular.customerId}`);
    await foundOnly("levesque", regular);
    await foundOnly("gagnon levesque", regular);
    await foundOnly("marie-eve gagnon", regular);
  });

  it("finds a reference however it is written", async () => {
    for (const q of [bookingReference(rows.zoe.id), `wf ${rows.zoe.id}`, String(rows.zoe.id)])
      expect(await found(q), q).toContain(rows.zoe.id);
  });
});
