/** Whether the server counts visits (it marks the page `data-analytics`); nothing is sent if not. */
const analyticsOn = () => document.documentElement.hasAttribute("data-analytics");

/**
 * The beacon and web-vitals, in one chunk of their own, fetched when the browser is idle after
 * load so they never delay the page or count toward its first load.
 */
const beacon = () => import("./analytics-beacon");

/** Measures the landing page's Web Vitals when analytics are on. */
export function pageAnalytics(page: Document) {
  if (!analyticsOn()) return;
  const path = location.pathname + location.search;
  const measure = () =>
    // A chunk that fails to load (offline, a new deploy) costs only the measurements.
    void beacon().then(
      ({ measureWebVitals }) => measureWebVitals(path),
      () => {},
    );
  // Safari has no requestIdleCallback.
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(measure) : setTimeout(measure, 1);
  if (page.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** The page replaced its own address after the visitor's search: see analytics-beacon.ts. */
export function refineView(path: string) {
  if (analyticsOn())
    void beacon().then(
      (b) => b.refineView(path),
      () => {},
    );
}
