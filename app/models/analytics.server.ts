import { and, eq, lt, sql } from "drizzle-orm";
import { pageViewDays, repairItems, webVitalSamples } from "#db/schema";
import { findCategory } from "~/config/shop";
import type { AnalyticsBeacon } from "~/schemas/analytics";
import { selectionLevels } from "~/utils/catalogue-selection";
import { database } from "~/server/db.server";
import { settings } from "~/server/env.server";
import { log, logError } from "~/server/log.server";
import { pageViewOf, type PageView, type Visit } from "~/server/visits.server";
import type { DeviceClass } from "~/types/analytics";
import { hitRateLimit, rateLimitSettings } from "~/models/rate-limit.server";
import { shopToday } from "~/utils/shop-time";

/** ANALYTICS=off: no page view or measurement is recorded, and pages load no measuring script. */
export const analyticsEnabled = () => settings().analytics.enabled;

/** Page views and measurements are kept for 13 months, then deleted. */
const retentionMonths = 13;

/** Past these sizes a flush starts at once; past the caps new entries are dropped, not buffered. */
const flushAtViewKeys = 500;
const flushAtVitals = 500;
const maxViewKeys = 5_000;
const maxVitals = 5_000;

type VitalRow = typeof webVitalSamples.$inferInsert;

type Buffer = {
  /** Views per (day, path, query, referrer host, device), as a JSON key. */
  views: Map<string, number>;
  vitals: VitalRow[];
  dropped: number;
  /** Flushes run one after another, so each buffered count is written exactly once. */
  flushing: Promise<void>;
};

/**
 * One buffer per process, kept on globalThis: the HTTP server (which counts documents) and the
 * React Router bundle (which takes beacons) each hold their own copy of this module.
 */
const key = Symbol.for("wefix.analytics");
const holder = globalThis as { [key]?: Buffer };
const buffer = (): Buffer =>
  (holder[key] ??= { views: new Map(), vitals: [], dropped: 0, flushing: Promise.resolve() });

function addViews(state: Buffer, viewKey: string, views: number) {
  const current = state.views.get(viewKey);
  if (current === undefined && state.views.size >= maxViewKeys) {
    state.dropped += views;
    return;
  }
  state.views.set(viewKey, (current ?? 0) + views);
}

function addVitals(state: Buffer, rows: VitalRow[]) {
  const room = Math.max(0, maxVitals - state.vitals.length);
  state.vitals.push(...rows.slice(0, room));
  state.dropped += Math.max(0, rows.length - room);
}

/** Counts one page view in memory; a later flush adds it to its day's row. Never waits. */
export function recordPageView(view: PageView, now = new Date()) {
  const state = buffer();
  addViews(
    state,
    JSON.stringify([shopToday(now), view.path, view.query, view.referrerHost, view.device]),
    1,
  );
  if (state.views.size >= flushAtViewKeys) void flushAnalytics();
}

export type WebVitalSample = {
  path: string;
  name: VitalRow["name"];
  value: number;
  device: DeviceClass;
};

/** Keeps one measurement in memory until the next flush. Never waits. */
export function recordWebVital(sample: WebVitalSample, now = new Date()) {
  const state = buffer();
  addVitals(state, [{ ...sample, day: shopToday(now) }]);
  if (state.vitals.length >= flushAtVitals) void flushAnalytics();
}

async function writeBuffered(state: Buffer) {
  const views = state.views;
  const vitals = state.vitals;
  const dropped = state.dropped;
  state.views = new Map();
  state.vitals = [];
  state.dropped = 0;
  if (dropped) log("warn", "analytics buffer full", { dropped });
  if (!views.size && !vitals.length) return;
  try {
    const db = await database();
    // One transaction: on failure nothing was written, so everything goes back in the buffer.
    await db.transaction(async (tx) => {
      if (views.size) {
        const rows = [...views].map(([viewKey, count]) => {
          const [day, path, query, referrerHost, device] = JSON.parse(viewKey) as [
            string,
            string,
            string,
            string,
            DeviceClass,
          ];
          return { day, path, query, referrerHost, device, views: count };
        });
        await tx
          .insert(pageViewDays)
          .values(rows)
          .onConflictDoUpdate({
            target: [
              pageViewDays.day,
              pageViewDays.path,
              pageViewDays.query,
              pageViewDays.referrerHost,
              pageViewDays.device,
            ],
            set: { views: sql`${pageViewDays.views} + excluded.views` },
          });
      }
      if (vitals.length) await tx.insert(webVitalSamples).values(vitals);
    });
  } catch (error) {
    for (const [viewKey, count] of views) addViews(state, viewKey, count);
    addVitals(state, vitals);
    logError("analytics flush failed", error, {}, "warn");
  }
}

/** Writes everything buffered so far: one upsert of day counts and one insert of measurements. */
export function flushAnalytics(): Promise<void> {
  const state = buffer();
  state.flushing = state.flushing.then(() => writeBuffered(state));
  return state.flushing;
}

export type BeaconOutcome =
  { outcome: "recorded" } | { outcome: "rate_limited"; retryAfterSeconds: number };

/**
 * A beacon from a page with JavaScript: the client-side navigations since the last one (the
 * document load itself was counted by the server) and the landing page's Web Vitals.
 */
export async function recordBeacon(
  beacon: AnalyticsBeacon,
  visitor: Omit<Visit, "url">,
  clientIp: string,
  now = new Date(),
): Promise<BeaconOutcome> {
  if (!analyticsEnabled()) return { outcome: "recorded" };
  const limit = await hitRateLimit(`analytics:${clientIp}`, rateLimitSettings.analytics());
  if (!limit.allowed)
    return { outcome: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  // A navigation within the site has no external referrer, whatever the beacon's own request says.
  const views = beacon.views.flatMap(
    ({ path }) => pageViewOf({ ...visitor, url: path, referrer: null }) ?? [],
  );
  for (const view of await withCatalogueChoicesOnly(views)) recordPageView(view, now);
  for (const vital of beacon.vitals) {
    const view = pageViewOf({ ...visitor, url: vital.path, referrer: null });
    if (view)
      recordWebVital(
        { path: view.path, name: vital.name, value: vital.value, device: view.device },
        now,
      );
  }
  return { outcome: "recorded" };
}

/**
 * True when some catalogue entry of the selector page's category has every name the query chooses.
 */
async function inCatalogue(view: PageView): Promise<boolean> {
  const category = findCategory(view.path.slice("/services/".length));
  if (!category) return false;
  const params = new URLSearchParams(view.query);
  const named = selectionLevels.flatMap((level) => {
    const value = params.get(level);
    return value ? [eq(repairItems[level], value)] : [];
  });
  const db = await database();
  const found = await db
    .select({ id: repairItems.id })
    .from(repairItems)
    .where(and(eq(repairItems.category, category.slug), ...named))
    .limit(1);
  return found.length > 0;
}

/**
 * A beacon's selector choices, unlike a served page's (answered 200 only for names that exist),
 * are whatever the client wrote: a choice the catalogue does not have is dropped, the view kept.
 */
async function withCatalogueChoicesOnly(views: PageView[]): Promise<PageView[]> {
  const checked = new Map<string, boolean>();
  const kept: PageView[] = [];
  for (const view of views) {
    if (!view.query || !view.path.startsWith("/services/")) {
      kept.push(view);
      continue;
    }
    const key = `${view.path}?${view.query}`;
    const known = checked.get(key) ?? (await inCatalogue(view));
    checked.set(key, known);
    kept.push(known ? view : { ...view, query: "" });
  }
  return kept;
}

/** The first shop day that is kept: 13 months before today. */
export function retentionStart(now = new Date()): string {
  const day = new Date(`${shopToday(now)}T12:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() - retentionMonths);
  return day.toISOString().slice(0, 10);
}

/** Deletes page views and measurements older than 13 months; returns how many rows went. */
export async function deleteExpiredAnalytics(now = new Date()) {
  const db = await database();
  const cutoff = retentionStart(now);
  const views = await db
    .delete(pageViewDays)
    .where(lt(pageViewDays.day, cutoff))
    .returning({ day: pageViewDays.day });
  const vitals = await db
    .delete(webVitalSamples)
    .where(lt(webVitalSamples.day, cutoff))
    .returning({ id: webVitalSamples.id });
  return { pageViewDays: views.length, webVitalSamples: vitals.length };
}

const retentionIntervalMs = 6 * 60 * 60 * 1000;

/**
 * The server's analytics timers: a flush every ANALYTICS_FLUSH_SECONDS and the retention job
 * (at start, then every 6 hours). `stop` clears both and writes what is still buffered.
 */
export function startAnalyticsJobs() {
  const flushTimer = setInterval(() => void flushAnalytics(), settings().analytics.flushMs);
  const expire = () =>
    deleteExpiredAnalytics().then(
      (deleted) => {
        if (deleted.pageViewDays || deleted.webVitalSamples)
          log("info", "expired analytics deleted", deleted);
      },
      (error: unknown) => logError("analytics retention failed", error, {}, "warn"),
    );
  const retentionTimer = setInterval(() => void expire(), retentionIntervalMs);
  // Timers never keep the process alive; SIGTERM stops them explicitly.
  flushTimer.unref();
  retentionTimer.unref();
  const started = expire();
  return {
    async stop() {
      clearInterval(flushTimer);
      clearInterval(retentionTimer);
      await started;
      await flushAnalytics();
    },
  };
}
