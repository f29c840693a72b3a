import { describe, expect, it } from "vitest";
import { csvBom, csvCell, csvLine, csvResponse } from "~/utils/csv";

async function* rowsOf<T>(rows: T[]) {
  yield* rows;
}

describe("the CSV writer", () => {
  it("quotes as RFC 4180 says: commas, quotes and line breaks inside a cell", () => {
    expect(csvLine(["plain", "a,b", 'say "hi"', "two\nlines", "", null, undefined, 12.5, 0])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,,,12.5,0\r\n',
    );
    expect(csvCell("Réparation d'écran")).toBe("Réparation d'écran");
  });

  it("neutralises text a spreadsheet would run as a formula, and leaves numbers alone", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
    ]);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("streams a UTF-8 file with a byte-order mark, private and as a download", async () => {
    const response = csvResponse("price list é.csv", rowsOf([["name"], ["Crème"]]));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="price_list__.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // Response.text() decodes as UTF-8 and drops the BOM, as spreadsheet programs do.
    expect(await response.text()).toBe("name\r\nCrème\r\n");
    const bytes = new Uint8Array(await csvResponse("x.csv", rowsOf([["é"]])).arrayBuffer());
    expect([...bytes]).toEqual([...new TextEncoder().encode(csvBom), 0xc3, 0xa9, 0x0d, 0x0a]);
    expect([...new Uint8Array(await csvResponse("empty.csv", rowsOf([])).arrayBuffer())]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  });
});
