import { describe, expect, it } from "vitest";
import { isCanonical, nextStep, readSelection, selectionSearch } from "~/utils/catalogue-selection";

const full = {
  brand: "Samsung",
  series: "Galaxy S",
  model: "Galaxy S23",
  repair: "Battery Replacement",
};
const query = (init: Record<string, string>) => new URLSearchParams(init);

describe("catalogue selection", () => {
  it("reads a shared link as it is", () => {
    expect(readSelection(query(full))).toEqual(full);
    expect(readSelection(query({ brand: " Apple ", model: "iPhone 8", series: "" }))).toEqual({
      brand: "Apple",
      model: "iPhone 8",
    });
  });

  it("drops what a form sent without JavaScript chose below the first changed level", () => {
    const sent = {
      brand: "Apple",
      from_brand: "Samsung",
      series: "Galaxy S",
      from_series: "Galaxy S",
      model: "Galaxy S23",
      from_model: "Galaxy S23",
      repair: "Battery Replacement",
    };
    expect(readSelection(query(sent))).toEqual({ brand: "Apple" });
    expect(readSelection(query({ ...sent, brand: "Samsung", series: "Galaxy Z" }))).toEqual({
      brand: "Samsung",
      series: "Galaxy Z",
    });
    expect(readSelection(query({ ...sent, brand: "Samsung", model: "Galaxy S24" }))).toEqual({
      brand: "Samsung",
      series: "Galaxy S",
      model: "Galaxy S24",
    });
    expect(readSelection(query({ ...sent, brand: "Samsung" }))).toEqual(full);
    expect(readSelection(query({ ...sent, brand: "Samsung", series: "" }))).toEqual({
      brand: "Samsung",
    });
    // A level the form did not show (no from_ field) takes part as sent.
    expect(
      readSelection(
        query({ brand: "Apple", from_brand: "Apple", model: "iPhone 8", from_model: "" }),
      ),
    ).toEqual({ brand: "Apple", model: "iPhone 8" });
  });

  it("writes the query in level order and knows its plain form", () => {
    expect(selectionSearch({ model: "Galaxy S23", brand: "Samsung" })).toBe(
      "?brand=Samsung&model=Galaxy+S23",
    );
    expect(selectionSearch({})).toBe("");
    expect(isCanonical(query(full), full)).toBe(true);
    expect(isCanonical(query({ ...full, utm_source: "flyer" }), full)).toBe(true);
    expect(isCanonical(query({ ...full, from_brand: "Samsung" }), full)).toBe(false);
    expect(isCanonical(query({ brand: "Nokia" }), {})).toBe(false);
    expect(isCanonical(query({ brand: "Apple", series: "" }), { brand: "Apple" })).toBe(false);
  });

  it("opens a reloaded selector at the next choice, or at the summary once a repair is chosen", () => {
    expect(nextStep({})).toBe("step-device");
    expect(nextStep({ brand: "Samsung", series: "Galaxy S" })).toBe("step-device");
    expect(nextStep({ brand: "Apple", model: "iPhone 8" })).toBe("step-repair");
    expect(nextStep(full)).toBe("summary");
  });
});
