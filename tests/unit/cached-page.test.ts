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

describe("a cached form page", () => {
  /** A key shaped like the ones the server signs: the same length every time. */
  const formKey = () =>
    `${randomBytes(18).toString("base64url")}.${randomBytes(24).toString("base64url")}`;
  const withKey = (): HoleValues => ({ ...freshValues(), formKey: formKey() });
  /** A rendered page with a form after its text: the key is in the page once. */
  const formPage = (values: HoleValues, text: string) =>
    Buffer.from(
      renderedPage(values, text)
        .toString()
        .replace(
          "</main>",
          `<form method="post"><input type="hidden" name="submissionKey" value="${values.formKey}"/></form></main>`,
        ),
    );

  it("gives every response a key of its own, the same in identity, gzip and brotli", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 3000 }), async (text) => {
        const rendered = withKey();
        const page = (await cachePage(formPage(rendered, text), [], "build-1", rendered))!;
        expect(page.formKey).toBe(true);
        expect(page.gzip && page.brotli).toBeTruthy();
        const values = withKey();
        const expected = formPage(values, text);
        expect(pageBody(page, "identity", values).equals(expected)).toBe(true);
        expect(gunzipSync(pageBody(page, "gzip", values)).equals(expected)).toBe(true);
        expect(brotliDecompressSync(pageBody(page, "br", values)).equals(expected)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it("is not made unless the key is in the page exactly once", async () => {
    const values = withKey();
    const twice = renderedPage(values, `<p>${values.formKey}</p><p>${values.formKey}</p>`);
    expect(await cachePage(twice, [], "build-1", values)).toBeNull();
    expect(await cachePage(renderedPage(values, "no form"), [], "build-1", values)).toBeNull();
    const once = await cachePage(formPage(values, "Send us a message"), [], "build-1", values);
    expect(once?.formKey).toBe(true);
    const content = freshValues();
    expect((await cachePage(renderedPage(content, "FAQ"), [], "build-1", content))?.formKey).toBe(
      false,
    );
  });
});
