import { createServer, type RequestListener, type Server } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { analyticsEnabled, startAnalyticsJobs } from "~/models/analytics.server";
import { disconnectDatabase } from "~/server/db.server";
import { loadSettings, SettingsError, settings } from "~/server/env.server";
import { log, logError } from "~/server/log.server";
import { threadedMailTransport } from "~/server/threaded-mail-transport.server";
import { mailSettingsFrom, startMailWorker } from "~/server/mail-worker.server";
import { watchCatalogue, type CatalogueWatch } from "~/server/page-cache-events.server";
import { isPlainSelectionSearch } from "~/utils/catalogue-selection";
import { formPages, publicPages, selectorPaths } from "~/utils/public-pages";
import { builtPublicScriptSrc } from "~/server/public-script.server";
import { prepareDatabase } from "~/server/startup.server";
import { exitOnUncaughtErrors } from "~/server/uncaught.server";
import type {} from "~/utils/load-context";
import { createPageCache, type PageCache } from "./page-cache";
import { refuse } from "./refusal";
import { routerHandler } from "./router-handler";
import { requestGate } from "./request-gate";
import { responseStart, type ResponseStart } from "./response-start";

const dev = process.argv.includes("--dev");

/**
 * A failure outside every route (the app's own error pages handle theirs): logged, never shown.
 * What the client alone caused is not a failure: a request it gave up on while sending (nobody is
 * left to answer), or an address Express cannot decode (a 4xx of Express's own: a 400 here).
 */
const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  if (req.socket.destroyed) return;
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500 && !res.headersSent)
    return refuse(req, res, {
      status: 400,
      title: "Bad request",
      message: "That address could not be read. Please check it and try again.",
    });
  logError("request failed", error, { requestId: res.locals.requestId as string });
  if (res.headersSent) return void res.destroy();
  refuse(req, res, {
    status: 500,
    title: "Something went wrong",
    message: "An unexpected error occurred. Please try again later.",
  });
};

/**
 * The content pages' cache of this build (never in development, where the build changes under
 * it), dropped on every catalogue change any instance commits (decision 0023).
 */
async function startPageCache(
  build: ServerBuild,
): Promise<{ pageCache: PageCache; watch: CatalogueWatch }> {
  // Requests reach live() only once the server listens, after the watch below has started.
  const pageCache = createPageCache({
    // The router's build and the public pages' own script (decision 0036), which is built apart:
    // a page that names another build's script is never served or confirmed.
    buildVersion: `${build.assets.version}-${path.basename(builtPublicScriptSrc(), ".js")}`,
    paths: publicPages.filter((page) => !page.fresh).map((page) => page.path),
    queriedPaths: selectorPaths,
    plainQuery: isPlainSelectionSearch,
    formPages,
    live: () => watch.live(),
  });
  const watch = await watchCatalogue(() => pageCache.invalidate());
  return { pageCache, watch };
}

/**
 * The build's public files (favicon, photos…), an hour in the browser's cache. The list is read
 * once, since a build never changes: any other path goes straight on to the app instead of costing
 * a file-system lookup first, which was a quarter of a cached page's time.
 */
function buildFiles(dir: string): RequestHandler {
  const files = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const serve = express.static(dir, {
    maxAge: "1h",
    // A new release's service worker must be seen at the browser's next check.
    setHeaders: (res, file) =>
      path.basename(file) === "sw.js" && res.setHeader("Cache-Control", "no-cache"),
  });
  return (req, res, next) => {
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (files.has(file)) serve(req, res, next);
    else next();
  };
}

/**
 * The server's request listener: a kept content page is answered here, before Express, whose
 * routing and middleware cost several times what the answer itself does. It gets what every
 * response gets (`start`); the request gate has nothing to refuse in a GET or HEAD of a listed
 * path. Everything else goes to Express.
 */
function keptPagesFirst(pageCache: PageCache, start: ResponseStart, app: RequestListener) {
  const answer: RequestListener = (req, res) => {
    const page = pageCache.kept(req);
    if (!page) return app(req, res);
    pageCache.send(req, res, page, "hit", start(req, res, req.url!));
  };
  return answer;
}

async function createApp(jobs: { stop(): Promise<void> }[]): Promise<RequestListener> {
  const { buildDir, trustProxy, production, pageCache: pageCacheEnabled } = settings();
  const app = express();
  app.disable("x-powered-by");
  // Nothing reads req.query (the router parses its own URL); Express would parse each query.
  app.set("query parser", false);
  // req.ip: the right-most X-Forwarded-For entry that is not a trusted proxy (TRUST_PROXY).
  if (trustProxy) app.set("trust proxy", trustProxy);
  const start = responseStart({
    dev,
    production,
    countViews: analyticsEnabled(),
  });
  app.use((req, res, next) => {
    Object.assign(res.locals, start(req, res, req.path));
    next();
  });
  app.use(requestGate({ trustProxy }));
  // Production: one build for the life of the process, loaded now so the page cache can key on it.
  const productionBuild = dev
    ? undefined
    : ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);
  const cache =
    productionBuild && pageCacheEnabled ? await startPageCache(productionBuild) : undefined;
  if (cache) jobs.push(cache.watch);
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (!productionBuild) {
    const vite = await import("vite").then((v) =>
      v.createServer({ server: { middlewareMode: true } }),
    );
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(buildFiles(path.join(buildDir, "client")));
    build = productionBuild;
  }
  // Every other request, whatever its method and path, goes to React Router. The named wildcard
  // makes Express decode the path first: one it cannot decode is lastResort's 400, not the app's.
  app.all(
    "/{*path}",
    routerHandler({
      build,
      mode: dev ? "development" : "production",
      trustProxy,
      getLoadContext: (req, res) => ({
        requestId: res.locals.requestId as string,
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "unknown",
      }),
      pageCache: cache?.pageCache,
    }),
  );
  app.use(lastResort);
  return cache ? keptPagesFirst(cache.pageCache, start, app) : app;
}

function listen(listener: RequestListener): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    // An idle connection stays open longer than a proxy's or a client's own idle timeout (60 s on
    // common load balancers, 4 s in Node's fetch), so the client, not the server, closes it: a
    // server closing first races a request just sent on it, which then fails with ECONNRESET (a
    // 502 behind a proxy). Node's 5 s lost that race on a loaded machine.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    // Node answers "100 Continue" by itself unless the server takes the decision: the request gate
    // invites only a body it will read, and refuses a larger one without asking for it.
    server.on("checkContinue", listener);
    server.once("error", reject);
    server.listen(settings().port, () => resolve(server));
  });
}

/**
 * Stop taking connections, let requests in flight finish (10 s at most), stop the background jobs
 * (the mail worker finishes the message it is sending, analytics writes its buffer), then close
 * the database.
 */
function stopOnSignals(server: Server, jobs: { stop(): Promise<void> }[]) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "stopping", { signal });
    const force = setTimeout(() => {
      log("warn", "requests still open after 10 s: connections closed", { signal });
      server.closeAllConnections();
    }, 10_000).unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    await Promise.all(jobs.map((job) => job.stop()));
    await disconnectDatabase();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

exitOnUncaughtErrors();
// Every setting is checked before anything else happens: a wrong one stops the server with what
// to fix, instead of a failure later in some request.
try {
  loadSettings();
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  // Written for whoever starts the server, before there is a log; it quotes no secret's value.
  // eslint-disable-next-line no-console
  console.error(
    `The server cannot start: fix these environment variables.\n${error.problems.map((problem) => `  ${problem}`).join("\n")}`,
  );
  process.exit(1);
}
try {
  await prepareDatabase({ demoBookings: dev });
  const analytics = startAnalyticsJobs();
  const jobs: { stop(): Promise<void> }[] = [analytics];
  const server = await listen(await createApp(jobs));
  const mailSettings = mailSettingsFrom();
  // Beside this module: server/mail-thread.ts when run by tsx, build/mail-thread.js once built.
  const mailThread = new URL(
    `./mail-thread.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`,
    import.meta.url,
  );
  const mailWorker = startMailWorker(mailSettings, threadedMailTransport(mailSettings, mailThread));
  log(
    "info",
    "mail worker started",
    mailSettings.smtpUrl ? { transport: "smtp" } : { transport: "files", dir: mailSettings.dir },
  );
  stopOnSignals(server, [mailWorker, ...jobs]);
  const url = `http://localhost:${settings().port}`;
  log("info", "listening", { url, mode: dev ? "development" : "production" });
  // Outside production, whoever started the server reads the console: one line says where it is.
  if (!settings().production && settings().logLevel !== "silent")
    console.info(`The site is running at ${url}`);
} catch (error) {
  logError("could not start", error);
  await disconnectDatabase().catch(() => {});
  process.exit(1);
}
