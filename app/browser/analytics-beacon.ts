// Loaded by the public page script (./page-analytics.ts) when the browser is idle after load,
// only when analytics are on: measures the landing page's Web Vitals and sends them, with the
// FAQ search's refined address, to our own /api/analytics in one request when the page is hidden.
// The server counts the document loads themselves.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

type Beacon = {
  views: { path: string }[];
  vitals: { path: string; name: Metric["name"]; value: number }[];
};

const endpoint = "/api/analytics";

let queue: Beacon = { views: [], vitals: [] };
/** The page's own address update (the FAQ search), still open to refinement by the next one. */
let pendingView: string | null = null;

function send() {
  if (pendingView) queue.views.push({ path: pendingView });
  pendingView = null;
  if (!queue.views.length && !queue.vitals.length) return;
  // keepalive: the browser delivers it even as the page unloads. Same origin, so the JSON content
  // type needs no preflight; the endpoint refuses any other type.
  void fetch(endpoint, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(queue),
  }).catch(() => {});
  queue = { views: [], vitals: [] };
}

const sendWhenHidden = () => {
  if (document.visibilityState === "hidden") send();
};

/**
 * Listens for the page being hidden, after any listener registered before: web-vitals reports
 * CLS and INP from its own "hidden" listener, and those must be queued before we send.
 */
function listenForHide() {
  removeEventListener("visibilitychange", sendWhenHidden);
  removeEventListener("pagehide", send);
  addEventListener("visibilitychange", sendWhenHidden);
  // Safari does not always fire visibilitychange when a page unloads.
  addEventListener("pagehide", send);
}

/**
 * The page replaced its own address (the FAQ search following the visitor's typing): one view of
 * the page with its final address, as one search submitted without JavaScript.
 */
export function refineView(path: string) {
  listenForHide();
  pendingView = path;
}

/** Measures the page that was loaded (`path`), each metric once. */
export function measureWebVitals(path: string) {
  const reported = new Set<string>();
  const report = (metric: Metric) => {
    // Once per page view: CLS and INP are reported again after a return from the bfcache.
    if (reported.has(metric.name)) return;
    reported.add(metric.name);
    queue.vitals.push({ path, name: metric.name, value: metric.value });
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
  listenForHide();
}
