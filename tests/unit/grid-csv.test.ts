import { describe, expect, it } from "vitest";
import { csvRecords, gridCsvHeader, parseGridCsv } from "~/utils/grid-csv";

const header = gridCsvHeader.join(",");

describe("csvRecords", () => {
  it("reads quoted cells with commas, quotes and line breaks, naming each record's first line", () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\n\'=1,z\r\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"\nthere'] },
      { line: 5, cells: ["=1", "z"] },
    ]);
  });
});

describe("parseGridCsv", () => {
  it("reads rows in dollars as cents, blank amounts as 0, the category by slug or title", () => {
    const result = parseGridCsv(
      `${header}\nmobile,Apple,iPhone 15,128 GB,400,350.50,270,130,40,,30\nGaming Console Repair,Sony,PlayStation 5 Slim,1 TB,380,330,250,100,0,80,0\n`,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          category: "mobile",
          brand: "Apple",
          model: "iPhone 15",
          storage: "128 GB",
          excellentCents: 40_000,
          goodCents: 35_050,
          fairCents: 27_000,
          brokenCents: 13_000,
          batteryDeductionCents: 4_000,
          partsDeductionCents: 0,
          carrierLockDeductionCents: 3_000,
        },
        expect.objectContaining({ category: "console", model: "PlayStation 5 Slim" }),
      ],
    });
  });

  it("takes the columns in any order", () => {
    const columns = [...gridCsvHeader].reverse();
    const values = ["0", "0", "0", "10", "20", "30", "40", "", "Watch", "Apple", "watch"];
    const result = parseGridCsv(`${columns.join(",")}\n${values.join(",")}`);
    expect(result).toMatchObject({ ok: true, rows: [{ model: "Watch", excellentCents: 4_000 }] });
  });

  it("names every bad line and imports nothing", () => {
    const result = parseGridCsv(
      [
        header,
        "mobile,Apple,iPhone 15,128 GB,400,350,270,130,40,90,30",
        "fridge,Apple,iPhone 15,256 GB,400,350,270,130,40,90,30",
        "mobile,Apple,iPhone 15,512 GB,400,450,270,130,40,90,30",
        "mobile,,iPhone 15,1 TB,abc,350,270,130,40,90,30",
        "mobile,apple,IPHONE 15,128 gb,400,350,270,130,40,90,30",
      ].join("\n"),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        "Line 3: Please choose a device category.",
        "Line 4: Each grade must pay no more than the one above it: excellent, then good, fair, broken.",
        "Line 5: Please enter the brand. Please enter the excellent amount in dollars, like 250 or 249.99.",
        "Line 6: the same device and storage as line 2.",
      ],
    });
  });

  it("refuses a file without the columns, or without rows", () => {
    expect(parseGridCsv("")).toEqual({ ok: false, errors: ["The file is empty."] });
    expect(parseGridCsv("category,brand,model\n")).toEqual({
      ok: false,
      errors: [
        "Line 1: the header is missing the columns storage, excellent, good, fair, broken, battery_deduction, parts_deduction, carrier_lock_deduction.",
      ],
    });
    expect(parseGridCsv(`${header}\n`)).toEqual({
      ok: false,
      errors: ["The file has a header but no rows."],
    });
  });
});
