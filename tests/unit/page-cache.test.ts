import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { issueFormKey, storedSubmissionKey } from "~/server/submission.server";
import { isPlainSelectionSearch } from "~/utils/catalogue-selection";
import { formKeyHeader } from "~/utils/private-page";
import { cachePage, type HoleValues } from "../../server/cached-page";
import { createPageCache, type PageCache } from "../../server/page-cache";
import type { ResponseValues } from "../../server/response-start";
import { mockServer } from "../support/msw-setup";

const freshValues = (): ResponseValues => ({
  cspNonce: randomBytes(16).toString("base64"),
  requestId: randomBytes(4).toString("hex"),
});

/** A page of about `size` characters of its own text, with the nonce and request id in it. */
function html(path: string, { cspNonce, requestId }: ResponseValues, size: number) {
  const text = pageText(path, size);
  return Buffer.from(
    `<!DOCTYPE html><html><body><main>${text}</main>` +
      `<script nonce="${cspNonce}">window.ctx = {"requestId":"${requestId}"}</script></body></html>`,
  );
}

/** Text that compresses poorly and is the same for a path on every render. */
const texts = new Map<string, string>();
function pageText(path: string, size: number) {
  const key = `${path} ${size}`;
  if (!texts.has(key)) texts.set(key, randomBytes(size / 2).toString("hex"));
  return texts.get(key)!;
}

/** What a page takes in memory once kept, as the cache counts it. */
async function keptBytes(path: string, size: number) {
  const values = freshValues();
  const hole: HoleValues = { nonce: values.cspNonce, requestId: values.requestId };
  return (await cachePage(html(path, values, size), [], "build-1", hole))!.bytes;
}

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/**
 * A server that answers from the cache as the app does, `render` standing in for the router; its
 * origin.
 */
async function listen(
  cache: PageCache,
  render: (req: IncomingMessage, values: ResponseValues) => Response,
) {
  server = createServer((req, res) => {
    const values = freshValues();
    const page = cache.kept(req);
    if (page) return cache.send(req, res, page, "hit", values);
    void cache
      .respond(req, res, values, async () => render(req, values))
      .then(async (response) => {
        if (!response) return;
        res.statusCode = response.status;
        res.end(Buffer.from(await response.arrayBuffer()));
      });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  // Real HTTP to this test's own server; MSW lets it through.
  mockServer.use(http.all(`${origin}/*`, () => passthrough()));
  return origin;
}

/** Content pages of these sizes from memory, counting the renders of each path. */
async function serve(maxBytes: number, sizes: Record<string, number>) {
  const cache = createPageCache({
    buildVersion: "build-1",
    paths: Object.keys(sizes),
    live: () => true,
    maxBytes,
  });
  const renders: Record<string, number> = {};
  const origin = await listen(cache, (req, values) => {
    renders[req.url!] = (renders[req.url!] ?? 0) + 1;
    return new Response(html(req.url!, values, sizes[req.url!]!), {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  });
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`);
    await response.arrayBuffer();
    return response.headers.get("x-page-cache");
  };
  return { get, renders };
}

describe("the page cache's memory", () => {
  it("never holds more than its bound: the page served least recently goes first", async () => {
    const size = 40_000;
    const one = await keptBytes("/a", size);
    // Room for two pages, not three.
    const { get, renders } = await serve(Math.floor(one * 2.5), {
      "/a": size,
      "/b": size,
      "/c": size,
    });
    expect([await get("/a"), await get("/b")]).toEqual(["miss", "miss"]);
    expect([await get("/a"), await get("/b")]).toEqual(["hit", "hit"]);
    // Keeping /c drops /a, served longest ago.
    expect(await get("/c")).toBe("miss");
    expect([await get("/b"), await get("/c")]).toEqual(["hit", "hit"]);
    expect(await get("/a")).toBe("miss");
    // Keeping /a again dropped /b, and /c stays.
    expect([await get("/c"), await get("/b")]).toEqual(["hit", "miss"]);
    expect(renders).toEqual({ "/a": 2, "/b": 2, "/c": 1 });
  });

  it("never keeps a page larger than the bound, and keeps serving it rendered", async () => {
    const small = await keptBytes("/small", 2_000);
    const { get, renders } = await serve(small * 3, { "/small": 2_000, "/huge": 200_000 });
    expect([await get("/huge"), await get("/huge")]).toEqual(["miss", "miss"]);
    expect(renders["/huge"]).toBe(2);
    expect([await get("/small"), await get("/small")]).toEqual(["miss", "hit"]);
  });
});

describe("what the page cache answers", () => {
  const cache = createPageCache({
    buildVersion: "build-1",
    paths: ["/faq", "/services/mobile"],
    queriedPaths: ["/services/mobile"],
    plainQuery: isPlainSelectionSearch,
    live: () => true,
  });
  const get = (url: string) => ({ method: "GET", url, headers: {} }) as IncomingMessage;

  it("a listed path exactly, and a selector's steps by their query strings", () => {
    expect(cache.serves(get("/faq"))).toBe(true);
    expect(cache.serves(get("/faq?q=warranty"))).toBe(false);
    expect(cache.serves(get("/services/mobile"))).toBe(true);
    expect(cache.serves(get("/services/mobile?brand=Apple&model=iPhone+13"))).toBe(true);
    expect(cache.serves(get("/services/laptop?brand=Dell"))).toBe(false);
  });

  it("each selection at one address: no other order, spelling or parameter", () => {
    for (const url of [
      "/services/mobile?model=iPhone+13&brand=Apple",
      "/services/mobile?brand=Apple&model=iPhone%2013",
      "/services/mobile?brand=Apple&utm_source=flyer",
      "/services/mobile?brand=Apple&from_brand=Apple",
      "/services/mobile?brand=",
    ])
      expect(cache.serves(get(url)), url).toBe(false);
  });

  it("no selector address longer than any the catalogue links to", () => {
    expect(cache.serves(get(`/services/mobile?brand=${"A".repeat(600)}`))).toBe(false);
  });
});

describe("a content page from memory (decision 0055)", () => {
  it("serves no later than the shop's midnight, since every page shows that day's hours", async () => {
    let clock = 0;
    let midnight = 60_000;
    const cache = createPageCache({
      buildVersion: "build-1",
      paths: ["/faq"],
      now: () => clock,
      dayLeft: () => midnight - clock,
      live: () => true,
    });
    let renders = 0;
    const origin = await listen(cache, (req, values) => {
      renders += 1;
      return new Response(html(req.url!, values, 4_000), {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    });
    const get = async () => {
      const response = await fetch(`${origin}/faq`);
      await response.arrayBuffer();
      return response.headers.get("x-page-cache");
    };
    expect([await get(), await get()]).toEqual(["miss", "hit"]);
    clock = 59_999;
    expect(await get()).toBe("hit");
    clock = 60_000;
    midnight += 24 * 3_600_000;
    expect([await get(), await get()]).toEqual(["miss", "hit"]);
    expect(renders).toBe(2);
  });
});

describe("a form page from memory (decision 0037)", () => {
  /** A form page the way the router renders one: private, its key named in X-Form-Key. */
  async function serveForm({ lifetime, shared = true }: { lifetime: number; shared?: boolean }) {
    let clock = 0;
    const cache = createPageCache({
      buildVersion: "build-1",
      paths: ["/contact"],
      formPages: new Map([["/contact", lifetime]]),
      now: () => clock,
      live: () => true,
    });
    let renders = 0;
    const origin = await listen(cache, (_req, values) => {
      renders += 1;
      const key = issueFormKey();
      return new Response(
        `${html("/contact", values, 4_000).toString()}<form><input name="submissionKey" value="${key}"></form>`,
        {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "cache-control": "private, no-store",
            ...(shared ? { [formKeyHeader]: key } : {}),
          },
        },
      );
    });
    const get = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${origin}/contact`, { headers });
      const key = /name="submissionKey" value="([^"]+)"/.exec(await response.text())?.[1];
      return { response, key, outcome: response.headers.get("x-page-cache") };
    };
    return { get, renders: () => renders, later: (ms: number) => (clock += ms) };
  }

  it("is kept, and every response has a key of its own that the server signed", async () => {
    const { get, renders } = await serveForm({ lifetime: Infinity });
    const answers = [await get(), await get({ "accept-encoding": "gzip" }), await get()];
    expect(answers.map((answer) => answer.outcome)).toEqual(["miss", "hit", "hit"]);
    expect(renders()).toBe(1);
    const keys = answers.map((answer) => answer.key!);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(storedSubmissionKey("form", key)).toBeDefined();
    for (const { response } of answers) {
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.has(formKeyHeader)).toBe(false);
    }
  });

  it("is never confirmed with a 304: a kept copy would post a key already used", async () => {
    const { get } = await serveForm({ lifetime: Infinity });
    await get();
    const again = await get({ "if-none-match": "*" });
    expect(again.response.status).toBe(200);
    expect(again.outcome).toBe("hit");
  });

  it("serves for its lifetime, then is rendered again", async () => {
    const { get, renders, later } = await serveForm({ lifetime: 2_000 });
    await get();
    later(1_999);
    expect((await get()).outcome).toBe("hit");
    later(1);
    expect((await get()).outcome).toBe("miss");
    expect(renders()).toBe(2);
    expect((await get()).outcome).toBe("hit");
  });

  it("is not kept when its render does not name its key", async () => {
    const { get, renders } = await serveForm({ lifetime: Infinity, shared: false });
    const answers = [await get(), await get()];
    expect(answers.map((answer) => answer.outcome)).toEqual([null, null]);
    expect(renders()).toBe(2);
  });
});
