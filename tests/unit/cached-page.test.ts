import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cachePage, pageBody, type HoleValues } from "../../server/cached-page";

const freshValues = (): HoleValues => ({
  nonce: randomBytes(16).toString("base64"),
  requestId: randomBytes(4).toString("hex"),
});

/** A page shaped like the router's: text, then nonce'd scripts, one quoting the request id. */
function renderedPage(values: HoleValues, text: string) {
  return Buffer.from(
    `<!DOCTYPE html><html><head><title>FAQ</title></head><body><main>${text}</main>` +
      `<script nonce="${values.nonce}">restore()</script><script nonce="${values.nonce}">window.ctx = {"requestId":"${values.requestId}","text":${JSON.stringify(text)}}</script>` +
      `<script nonce="${values.nonce}" type="module">import "/assets/entry.js";</script></body></html>`,
  );
}

describe("a cached page", () => {
  it("gives every response its own values, the same in identity, gzip and brotli", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 3000 }), async (text) => {
        const rendered = freshValues();
        const page = (await cachePage(renderedPage(rendered, text), [], "build-1", rendered))!;
        expect(page.gzip && page.brotli).toBeTruthy();
        const values = freshValues();
        const expected = renderedPage(values, text);
        expect(pageBody(page, "identity", values).equals(expected)).toBe(true);
        expect(gunzipSync(pageBody(page, "gzip", values)).equals(expected)).toBe(true);
        expect(brotliDecompressSync(pageBody(page, "br", values)).equals(expected)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it("keeps its ETag when rendered again with other values, and changes it with the content or the build", async () => {
    const [first, second] = [freshValues(), freshValues()];
    const etag = async (values: HoleValues, text: string, build = "build-1") =>
      (await cachePage(renderedPage(values, text), [], build, values))!.etag;
    expect(await etag(first, "Prices from $89")).toBe(await etag(second, "Prices from $89"));
    expect(await etag(first, "Prices from $79")).not.toBe(await etag(first, "Prices from $89"));
    expect(await etag(first, "Prices from $89", "build-2")).not.toBe(
      await etag(first, "Prices from $89"),
    );
  });

  it("is not made when a value also appears where no value belongs", async () => {
    const values = freshValues();
    expect(
      await cachePage(renderedPage(values, `Reference ${values.requestId}`), [], "build-1", values),
    ).toBeNull();
    expect(
      await cachePage(renderedPage(values, `<a title="${values.nonce}">`), [], "build-1", values),
    ).toBeNull();
  });
});
