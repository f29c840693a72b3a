// The hostile-input spec reaches every form: each route that takes a POST, and each intent a
// form sends, has a target in tests/e2e/support/hostile-targets.ts. A new form or intent without
// one fails here, before the spec (which needs a build and a server) would silently skip it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { hostileTargetGroups, type Fixture } from "../e2e/support/hostile-targets";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const fixture: Fixture = {
  repair: { id: 1, phone: "905-555-0100", token: "t".repeat(32) },
  customer: { id: 1, contactId: 1, duplicateId: 2 },
  deviceId: 1,
  photo: "p".repeat(22),
  quoteId: 1,
  clerk: { id: 2, session: "0".repeat(16) },
};
const targets = Object.values(hostileTargetGroups).flatMap((group) => group(fixture));

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** Every route with its full pattern ("/admin/repairs/:id") and module file. */
function flatten(entries: RouteEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [
      { pattern: pattern || "/", file: entry.file },
      ...flatten(entry.children ?? [], pattern),
    ];
  });
}

/** A route pattern as a test of paths: `:name` any segment, `:name?` and `*` optional. */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.[\]]/g, "\\$&")
      .replace(/\/:\w+\?/g, "(?:/[^/]+)?")
      .replace(/:\w+/g, "[^/]+")
      .replace(/\/\*$/, "(?:/.*)?")}$`,
  );

/** Whether a route module takes a POST: an action that does more than answer 405. */
function takesPost(file: string) {
  const text = read(path.join("app", file));
  return (
    /export (const|async function|function) action\b/.test(text) &&
    !/export const action = \([^)]*\) => methodNotAllowed\(/.test(text)
  );
}

/** Every intent a form sends or a handler reads, with the file that names it. */
function intentsInSources() {
  const found = new Map<string, string>();
  const patterns = [
    /intent: z\.literal\("([^"]+)"\)/g,
    /name="intent"[^<>]*?value="([^"]+)"/gs,
    /value="([^"]+)"[^<>]*?name="intent"/gs,
    /(?<!typeof )\bintent"?\)? === "([^"]+)"/g,
  ];
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
    );
  for (const file of ["app/routes", "app/schemas", "app/components"].flatMap(walk)) {
    const text = read(file);
    // A component compares the answer's intent it got back; only what it sends counts there.
    for (const pattern of file.startsWith("app/components") ? patterns.slice(1, 3) : patterns)
      for (const [, intent] of text.matchAll(pattern)) found.set(intent!, file);
  }
  return found;
}

describe("the hostile-input spec's targets", () => {
  it("post to every route that takes a form or a JSON body", () => {
    const posting = flatten(routes as RouteEntry[]).filter(({ file }) => takesPost(file));
    expect(posting.length).toBeGreaterThan(30);
    const missed = posting
      .filter(({ pattern }) => pattern !== "/*")
      .filter(({ pattern }) => {
        const route = matcher(pattern);
        return !targets.some((t) => t.method === "POST" && route.test(t.path));
      })
      .map(({ pattern, file }) => `${pattern} (${file})`);
    expect(missed).toEqual([]);
  });

  it("send every intent a form sends", () => {
    const intents = intentsInSources();
    expect(intents.size).toBeGreaterThan(25);
    const sent = new Set(targets.map((t) => t.valid.intent));
    const missed = [...intents]
      .filter(([intent]) => !sent.has(intent))
      .map(([intent, file]) => `${intent} (${file})`);
    expect(missed).toEqual([]);
  });
});
