// In the browser only: collects client-side navigations and the landing page's Web Vitals and
// sends them to our own /api/analytics in one request when the page is hidden.
import type { Metric } from "web-vitals";

type Beacon = {
  views: { path: string }[];
  vitals: { path: string; name: Metric["name"]; value: number }[];
};

const endpoint = "/api/analytics";
/** A visitor clicking through many pages without hiding this one still sends now and then. */
const sendAtViews = 20;

let queue: Beacon = { views: [], vitals: [] };
/** The latest view, still open to refinement by an address update on the same page. */
let pendingView: string | null = null;

function commitPendingView() {
  if (pendingView) queue.views.push({ path: pendingView });
  pendingView = null;
}

function send() {
  commitPendingView();
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

/** A client-side navigation to another page: one view. */
export function queueView(path: string) {
  listenForHide();
  commitPendingView();
  pendingView = path;
  if (queue.views.length >= sendAtViews) send();
}

/**
 * The page replaced its own address (the FAQ search following the visitor's typing): the view
 * being made is the page with its final address, as one search submitted without JavaScript.
 */
export function refineView(path: string) {
  listenForHide();
  pendingView = path;
}

/**
 * Measures the page that was loaded (`path`) once: web-vitals is fetched as its own chunk when
 * the browser is idle after load, so it never delays the page or counts toward its first load.
 */
export function measureWebVitals(path: string) {
  listenForHide();
  const measure = () =>
    import("web-vitals").then(
      ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const reported = new Set<string>();
        const report = (metric: Metric) => {
          // Once per page view: CLS and INP are reported again after a return from the bfcache.
          if (reported.has(metric.name)) return;
          reported.add(metric.name);
          queue.vitals.push({ path, name: metric.name, value: metric.value });
        };
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
        listenForHide();
      },
      // A chunk that fails to load (offline, a new deploy) costs only the measurements.
      () => {},
    );
  const whenIdle = () =>
    window.requestIdleCallback
      ? window.requestIdleCallback(() => void measure())
      : setTimeout(() => void measure(), 1);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
