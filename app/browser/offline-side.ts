/** After the page has loaded, when the browser has nothing better to do. */
function whenIdle(run: () => void) {
  const idle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 1000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * Installs the service worker. A release that installed while an earlier page was open has waited
 * for the visitor to move on, so no open page runs two releases: this page is the next one, and
 * lets it take over (the page itself came from the network or the cache, the same for both). A
 * release that installs while this page is open waits for the visitor's next page, or for their
 * tap on Reload. Resolves once the workers have changed hands: a page that leaves meanwhile (a kept
 * booking's confirmation) was seen to wait for ever for the next one.
 */
async function installWorker(page: Document) {
  const workers = navigator.serviceWorker;
  const registration = await workers.register("/sw.js");
  const skipWaiting = (worker: ServiceWorker) => worker.postMessage({ type: "SKIP_WAITING" });
  if (registration.waiting && workers.controller) {
    const switched = new Promise((done) => {
      workers.addEventListener("controllerchange", done, { once: true });
      setTimeout(done, 3000);
    });
    skipWaiting(registration.waiting);
    await switched;
  }

  const bar = page.querySelector<HTMLElement>("[data-update-bar]");
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state !== "installed" || !workers.controller || !bar) return;
      bar.hidden = false;
      bar.querySelector("button")!.onclick = () => {
        workers.addEventListener("controllerchange", () => location.reload(), { once: true });
        skipWaiting(next);
      };
    });
  });
}

/**
 * A form opened without a connection (the service worker's copy) says that it can still be sent,
 * for as long as the browser is offline.
 */
function sayWhenOffline(page: Document) {
  const line = page.querySelector<HTMLElement>("[data-offline-form]");
  if (!line) return;
  const show = () => (line.hidden = navigator.onLine || !navigator.serviceWorker.controller);
  show();
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
}

/**
 * The site's offline side: the service worker, the submissions kept on this phone (sent whenever
 * a page is open and online, and what became of them shown), and the last tracked repair. All of
 * it loads after the page, when the browser is idle, except what a booking or message that is
 * being sent needs: its notice may be due at once. Without JavaScript none of it exists, and the
 * site works as it always has. A part that cannot load (a connection lost mid-page) leaves the
 * page as the server drew it.
 */
export function offlineSide(page: Document) {
  if (page.querySelector("[data-tracked-copy], [data-saved-on-this-phone]"))
    void import("./saved-on-this-phone").then(
      (part) => part.savedOnThisPhone(page),
      () => undefined,
    );
  if (!("serviceWorker" in navigator)) return;

  page.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || !form.dataset.keptForm || !navigator.serviceWorker.controller)
      return;
    void import("./kept-submissions").then(
      (part) => {
        part.noticeWhenKept(form);
        // What the worker finds out about this post (it landed after all) moves the page on.
        part.keptSubmissions(page);
      },
      () => undefined,
    );
  });
  sayWhenOffline(page);
  whenIdle(
    () =>
      void installWorker(page)
        .catch(() => undefined)
        .then(() => import("./kept-submissions"))
        .then(
          (part) => part.keptSubmissions(page),
          () => undefined,
        ),
  );
}
