/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { isContentPage, isKeepable } from "~/offline/content-pages";
import { formPaths } from "~/offline/offline-messages";
import { offlinePath } from "~/offline/offline-path";
import type { QueuedForm } from "~/offline/queued-answer";
import { keepSubmission, sendKeptSubmissions, sendKeptTag } from "~/offline/submission-queue";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

// The public pages' scripts, styles and fonts, and the offline page; never the staff admin's.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^from$/] });
cleanupOutdatedCaches();
// An open page is served by the first version at once. A later version waits until the page asks
// for it (on its next navigation, or the visitor's reload), so no open page runs two releases.
clientsClaim();
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

const keepOnlyWhatMayBeKept = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    isKeepable(response) ? response : null,
};

/**
 * The network first, so prices are never older than the last page the visitor opened online;
 * after 4 s of silence (a weak signal) the kept copy, while the network's answer still refreshes
 * it.
 */
const contentPages = new NetworkFirst({
  cacheName: "pages",
  networkTimeoutSeconds: 4,
  plugins: [keepOnlyWhatMayBeKept, new ExpirationPlugin({ maxEntries: 120 })],
});
registerRoute(
  ({ request, url }) => request.mode === "navigate" && isContentPage(url),
  contentPages,
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/images/"),
  new CacheFirst({
    cacheName: "images",
    plugins: [keepOnlyWhatMayBeKept, new ExpirationPlugin({ maxEntries: 80 })],
  }),
);

/** How long a booking or message waits for the server before the phone keeps it instead. */
const answerWaitMs = 10_000;

const keptForms = new Map(
  Object.entries(formPaths).map(([form, path]) => [path, form as QueuedForm]),
);

/** The server's answer, or a failure after `answerWaitMs` of silence. */
const answerInTime = (sending: Promise<Response>) =>
  new Promise<Response>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer")), answerWaitMs);
    sending.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * A booking or message posted on a flaky connection may fail, or hang, before or after the server
 * stored it; the page cannot time out its own form post, so this does. Without an answer in time
 * the fields are kept on the phone, submission key included, and sent again under that key once
 * the connection is back, so the server stores them once whichever copy arrives. The answer is
 * 204 No Content: the browser stays on the form as typed, and the page, told on the offline
 * channel, shows that it was kept (app/browser/kept-submissions.ts). A step of the form (`intent`:
 * the times of a date) is only sent.
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === "navigate" && keptForms.has(url.pathname),
  async ({ request, url }) => {
    const fields = await request.clone().formData();
    const sending = fetch(request);
    if (fields.has("intent")) return sending;
    try {
      // Settled after the wait, it has no one to answer: the kept copy carries the same key.
      return await answerInTime(sending);
    } catch {
      await keepSubmission(keptForms.get(url.pathname)!, fields, self.registration);
      return new Response(null, { status: 204 });
    }
  },
  "POST",
);

// Every other page of the public site goes to the network, and to the offline page without one.
// The staff admin and the JSON doors are never touched.
registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/admin/, /^\/api\//] }));

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate" || !url) return Response.error();
  const offline = await matchPrecache(offlinePath);
  if (!offline) return Response.error();
  const to = new URL(offlinePath, self.location.origin);
  to.searchParams.set("from", url.pathname);
  // A redirect, so the address is the offline page's and names the page the visitor wanted.
  return Response.redirect(to.href, 302);
});

self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== sendKeptTag) return;
  // Rejecting asks the browser to try again later.
  sync.waitUntil(
    sendKeptSubmissions().then((allSent) =>
      allSent ? undefined : Promise.reject(new Error("kept submissions remain")),
    ),
  );
});
