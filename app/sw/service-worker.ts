/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { isContentPage, isKeepable } from "~/offline/content-pages";
import { isFormPage } from "~/offline/form-copies";
import { formPaths } from "~/offline/offline-messages";
import { offlinePath } from "~/offline/offline-path";
import type { QueuedForm } from "~/offline/queued-answer";
import { sendKeptSubmissions, sendKeptTag } from "~/offline/submission-queue";
import { keepFormCopies, openFormPage } from "./form-pages";
import { answerWaitMs, sendFormPost } from "./form-posts";

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

// The booking and contact forms open offline from a copy without its submission key, each time
// with a key the phone makes (decision 0061).
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && isFormPage(url),
  ({ request, url, event }) =>
    openFormPage(request, url, (work) => (event as ExtendableEvent).waitUntil(work)),
);

const waitMs = answerWaitMs(self.location.href);
const keptForms = new Map(
  Object.entries(formPaths).map(([form, path]) => [path, form as QueuedForm]),
);

// A booking or message posted from its form: the server's answer, or, on a weak signal, what the
// server says of its key, or a copy kept on the phone (app/sw/form-posts.ts, decision 0060).
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === "navigate" && keptForms.has(url.pathname),
  async ({ request, url, event }) =>
    sendFormPost(
      waitMs,
      keptForms.get(url.pathname)!,
      request,
      await request.clone().formData(),
      (work) => (event as ExtendableEvent).waitUntil(work),
      self.registration,
    ),
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
  // A /sell step's address is the device and answers chosen so far, none of it personal: "Try
  // again" returns there. Other pages' queries (a tracking reference) stay out of the address.
  to.searchParams.set("from", url.pathname === "/sell" ? url.pathname + url.search : url.pathname);
  // A redirect, so the address is the offline page's and names the page the visitor wanted.
  return Response.redirect(to.href, 302);
});

/**
 * Kept at install, beside the precache: what the visitor may open offline without having opened
 * it under this worker. That is the home page, the pages open as it installs (visited before it
 * existed), and the two forms, each refreshed by a release. A copy of the contact page an earlier
 * release kept with its key goes. Nothing here fails the install.
 */
self.addEventListener("install", (event) => {
  const warm = async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const pages = new Set(
      [new URL("/", self.location.origin), ...open.map((client) => new URL(client.url))]
        .filter((url) => url.origin === self.location.origin && isContentPage(url))
        .map((url) => url.href),
    );
    await (
      await caches.open(contentPages.cacheName)
    ).delete(new URL(formPaths.contact, self.location.origin).href);
    await Promise.all([
      keepFormCopies(),
      ...[...pages].map((href) =>
        contentPages
          .handle({ request: new Request(href, { credentials: "omit" }), event })
          .catch(() => undefined),
      ),
    ]);
  };
  event.waitUntil(warm().catch(() => undefined));
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
