import { and, desc, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import { pageViewDays, webVitalSamples } from "#db/schema";
import { database } from "~/server/db.server";
import { addDays, shopToday } from "~/utils/shop-time";
import type { CountRow } from "~/types/charts";
import type { FunnelStep, PageVitals } from "~/types/analytics";
import { rateWebVital } from "~/utils/web-vital-ratings";

export type AnalyticsReport = {
  from: string;
  to: string;
  total: number;
  perDay: { day: string; views: number }[];
  topPages: CountRow[];
  topSelections: CountRow[];
  topReferrers: CountRow[];
  devices: CountRow[];
  funnel: FunnelStep[];
  vitals: PageVitals[];
};

const topCount = 10;
const views = sql<number>`sum(${pageViewDays.views})`.mapWith(Number);

const viewsWhere = (where: SQL) =>
  sql<number>`coalesce(sum(${pageViewDays.views}) filter (where ${where}), 0)`.mapWith(Number);

/**
 * The booking funnel's steps, as views of its pages (paths as app/server/visits.server.ts
 * stores them).
 */
const funnelSteps = {
  services: {
    label: "Service pages (/services/…)",
    views: viewsWhere(sql`${pageViewDays.path} like '/services/%'`),
  },
  booking: {
    label: "Booking form (/book-appointment)",
    views: viewsWhere(sql`${pageViewDays.path} = '/book-appointment'`),
  },
  confirmed: {
    label: "Confirmed booking",
    views: viewsWhere(sql`${pageViewDays.path} = '/book-appointment/confirmation'`),
  },
};

/**
 * The staff analytics page: the last `days` shop days up to today. Page views come from the day
 * counts; Web Vitals are the 75th percentile of each page's measurements, rated by web.dev.
 */
export async function analyticsReport(now = new Date(), days = 30): Promise<AnalyticsReport> {
  const db = await database();
  const to = shopToday(now);
  const from = addDays(to, -(days - 1));
  const inRange = and(gte(pageViewDays.day, from), lte(pageViewDays.day, to));

  const top = (
    label: typeof pageViewDays.path | typeof pageViewDays.referrerHost,
    where = inRange,
  ) =>
    db
      .select({ label, count: views })
      .from(pageViewDays)
      .where(where)
      .groupBy(label)
      .orderBy(desc(views), label)
      .limit(topCount);

  const daily = await db
    .select({ day: pageViewDays.day, views })
    .from(pageViewDays)
    .where(inRange)
    .groupBy(pageViewDays.day);
  const topPages = await top(pageViewDays.path);
  const selections = await db
    .select({ path: pageViewDays.path, query: pageViewDays.query, count: views })
    .from(pageViewDays)
    .where(and(inRange, ne(pageViewDays.query, "")))
    .groupBy(pageViewDays.path, pageViewDays.query)
    .orderBy(desc(views), pageViewDays.path, pageViewDays.query)
    .limit(topCount);
  const topReferrers = await top(
    pageViewDays.referrerHost,
    and(inRange, ne(pageViewDays.referrerHost, "")),
  );
  const devices = await db
    .select({ label: pageViewDays.device, count: views })
    .from(pageViewDays)
    .where(inRange)
    .groupBy(pageViewDays.device)
    .orderBy(desc(views));
  const [funnelRow] = await db
    .select({
      services: funnelSteps.services.views,
      booking: funnelSteps.booking.views,
      confirmed: funnelSteps.confirmed.views,
    })
    .from(pageViewDays)
    .where(inRange);

  // Shown as typed ("q=screen repair"), not URL-encoded.
  const topSelections = selections.map(({ path, query, count }) => ({
    label: `${path}?${[...new URLSearchParams(query)].map(([name, value]) => `${name}=${value}`).join("&")}`,
    count,
  }));
  const byDay = new Map(daily.map((row) => [row.day, row.views]));
  const perDay = Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({
    day,
    views: byDay.get(day) ?? 0,
  }));
  let before = 0;
  const funnel = (["services", "booking", "confirmed"] as const).map((step) => {
    const count = funnelRow?.[step] ?? 0;
    const share = before ? Math.round((count / before) * 1000) / 10 : null;
    before = count;
    return { label: funnelSteps[step].label, views: count, share };
  });

  return {
    from,
    to,
    total: perDay.reduce((sum, row) => sum + row.views, 0),
    perDay,
    topPages,
    topSelections,
    topReferrers,
    devices,
    funnel,
    vitals: await vitalsByPage(from, to),
  };
}

/** p75 of each metric per page, for the pages with the most measurements. */
async function vitalsByPage(from: string, to: string): Promise<PageVitals[]> {
  const db = await database();
  const rows = await db
    .select({
      path: webVitalSamples.path,
      name: webVitalSamples.name,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitalSamples.value})`.mapWith(
        Number,
      ),
      samples: sql<number>`count(*)`.mapWith(Number),
    })
    .from(webVitalSamples)
    .where(and(gte(webVitalSamples.day, from), lte(webVitalSamples.day, to)))
    .groupBy(webVitalSamples.path, webVitalSamples.name);
  const pages = new Map<string, PageVitals>();
  for (const row of rows) {
    const page = pages.get(row.path) ?? { path: row.path, samples: 0, metrics: {} };
    page.metrics[row.name] = {
      p75: row.p75,
      rating: rateWebVital(row.name, row.p75),
      samples: row.samples,
    };
    // Each page load reports every metric it reached; the most frequent one is the load count.
    page.samples = Math.max(page.samples, row.samples);
    pages.set(row.path, page);
  }
  return [...pages.values()]
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path))
    .slice(0, topCount);
}
