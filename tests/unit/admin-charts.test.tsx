import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CountBar, CountPie, DailyBar } from "~/components/admin/charts";

const categories = [
  { label: "Mobile Repair Service", count: 12 },
  { label: "Laptop Repair", count: 5 },
  { label: "Gaming Console Repair", count: 1 },
];

/** The markup as the server sends it, parsed by the DOM the unit tests' environment lacks. */
function render(element: React.ReactElement) {
  const html = renderToStaticMarkup(element);
  const svg = /<svg[^>]*>/.exec(html)?.[0] ?? "";
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  return { html, svg, attr };
}

describe("admin charts, as the server renders them", () => {
  it("draw each chart as one SVG image named after its title, with a table of the numbers", () => {
    for (const element of [
      <CountPie key="pie" title="Bookings by Device Category" rows={categories} />,
      <CountBar key="bar" title="Bookings by Device Category" rows={categories} />,
      <DailyBar key="daily" title="Bookings by Device Category" rows={categories} />,
    ]) {
      const { html, svg, attr } = render(element);
      expect(html).toContain('data-testid="chart"');
      expect(attr(svg, "role")).toBe("img");
      expect(attr(svg, "aria-label")).toBe("Bookings by Device Category, as in the table below");
      // The region around it scrolls sideways on a narrow screen and takes keyboard focus.
      expect(html).toMatch(
        /<div role="region" aria-label="Bookings by Device Category: chart" tabindex="0" class="[^"]*overflow-x-auto/,
      );
      expect(html).toContain('<caption class="sr-only">Bookings by Device Category</caption>');
      for (const row of categories)
        expect(html).toMatch(new RegExp(`${row.label}</th><td[^>]*>${row.count}</td>`));
      // Drawn on the server: nothing for a script to fill in.
      expect(html).not.toContain("<script");
    }
  });

  it("size the bar charts for a phone, and draw the daily chart for a phone and a wide screen", () => {
    const bar = render(<CountBar title="Bookings by Device Brand" rows={categories} />);
    expect(bar.attr(bar.svg, "width")).toBe("310");
    const daily = render(<DailyBar title="Page views per day" rows={categories} unit="Views" />);
    const drawings = [...daily.html.matchAll(/<svg[^>]*>/g)].map(([svg]) => ({
      width: daily.attr(svg, "width"),
      shown: daily.attr(svg, "class"),
    }));
    expect(drawings).toEqual([
      { width: "310", shown: "max-w-none sm:hidden" },
      { width: "720", shown: "max-w-none hidden sm:block" },
    ]);
    expect(daily.html).toContain(">Views</th>");
  });

  it("give the doughnut a legend: the table's names beside the slices' colours", () => {
    const { html } = render(<CountPie title="Devices" rows={categories} />);
    const slices = [...html.matchAll(/<path d="[^"]+" fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    const legend = [...html.matchAll(/background-color:(#[0-9a-f]{6})/g)].map((m) => m[1]);
    expect(slices).toEqual(["#1e40af", "#f59e0b", "#10b981"]);
    expect(legend).toEqual(slices);
  });

  it("say there is nothing to count instead of drawing an empty chart", () => {
    const { html } = render(
      <CountBar title="Bookings by Issue Type" rows={[]} empty="No bookings in this range." />,
    );
    expect(html).toContain("No bookings in this range.");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<table");
    expect(render(<CountPie title="Devices" rows={[]} />).html).toContain("No bookings yet.");
  });
});
