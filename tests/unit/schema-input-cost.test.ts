// What a hostile client can make one request cost. Node runs one request's validation at a time,
// so a pattern that takes quadratic time on a long field stalls every other visitor behind it
// (60 KB of spaces in a booking's time held the server 20 s). Every exported schema is found
// and walked here, so a new schema or field is covered without editing this file.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isIdempotencyKey } from "~/schemas/fields";
import { normaliseTime } from "~/schemas/booking";
import { parseQuote } from "~/schemas/intake";
import { isPhotoPublicId } from "~/schemas/photo";
import { bearerToken } from "~/server/auth.server";
import { idempotencyKeyOf } from "~/server/submission.server";
import { deviceClassOf, keptQuery, trackedPath } from "~/server/visits.server";
import { looksLikePhone, searchWords, typedPhoneDigits } from "~/utils/search";
import { parseBookingReference, isTrackingToken } from "~/utils/booking-reference";
import { parseStatus } from "~/utils/booking-status";
import { bookingPrefill } from "~/utils/booking-prefill";
import { readSelection } from "~/utils/catalogue-selection";
import { matchingFaqItems } from "~/utils/faq-search";
import { isValidPhone, phoneDigits, textRefusal } from "~/utils/phone";
import { deviceSummary } from "~/utils/device-summary";
import { uploadLimitFor } from "~/utils/photo-limits";
import { parseRecordId } from "~/utils/record-id";
import { safeRedirectPath } from "~/utils/return-path";
import { isValidDate } from "~/utils/shop-time";
import { redactPath } from "../../server/request-log";

/** The issue's bar: one parse of one hostile field may cost at most this. */
const budgetMs = 50;
const size = 100_000;
/** Longer than any field may be: a pattern that read this much read input no cap had stopped. */
const uncapped = size / 10;

/** The worst characters for the patterns in use: runs that quantifiers could split many ways. */
const hostileInputs: Record<string, string> = {
  spaces: " ".repeat(size),
  digits: "1".repeat(size),
  dots: ".".repeat(size),
  dashes: "-".repeat(size),
  letters: "a".repeat(size),
  "control characters": "\u0001".repeat(size),
  "a time, spaces, x": `10:00${" ".repeat(size - 6)}x`,
  "a reference, spaces, x": `wf${" ".repeat(size - 3)}x`,
  "a number, spaces, x": `1${" ".repeat(size - 2)}x`,
  "zeros, x": `${"0".repeat(size - 1)}x`,
  "an e-mail's labels": `a@${"a.".repeat(size / 2 - 2)}1`,
  "phone punctuation": `${"(1) -".repeat(size / 5 - 1)}x`,
  "a date, spaces": `2026-01-01${" ".repeat(size - 10)}`,
  "words, mobile": `${"Android ".repeat(size / 8 - 1)}Mobi`,
  "dot segments": `/admin${"/.".repeat(size / 2 - 3)}`,
};

/**
 * The least processor time of five runs, in milliseconds. Processor time, not the clock: a
 * quadratic pattern costs it every time, while a machine busy with other work stretches only the
 * clock (eight-fold under a load of 16 on two cores). This file runs in a process of its own
 * (the `input-cost` project in vitest.config.ts), so no other test's work is counted.
 */
function fastestMs(run: () => unknown): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < 5 && fastest > budgetMs; attempt++) {
    const started = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(started);
    fastest = Math.min(fastest, (user + system) / 1000);
  }
  return fastest;
}

/**
 * The longest text any pattern read during `run`. Replacing exec sees them all (test, match,
 * replace and split call it once it is not the built-in one), but it takes V8 off its fast path
 * for patterns for the rest of the process, restored or not (a global replace over 100 KB: 3 ms
 * before, 77 ms after), so these checks run after every timed one.
 */
function longestPatternInput(run: () => unknown): number {
  const builtInExec = RegExp.prototype.exec;
  let longest = 0;
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    longest = Math.max(longest, String(text).length);
    return builtInExec.call(this, text);
  };
  try {
    run();
  } finally {
    RegExp.prototype.exec = builtInExec;
  }
  return longest;
}

const longestString = (value: unknown): number =>
  typeof value === "string"
    ? value.length
    : value && typeof value === "object"
      ? Math.max(0, ...Object.values(value).map(longestString))
      : 0;

type Path = string[];
/** One shape of input a schema takes (a discriminated union has one per option). */
type Form = { leaves: Path[]; build: (text: (path: Path) => unknown) => unknown };

/**
 * The shapes of input a schema takes and the fields a client can put text in. A field that is not
 * the one under test gets a harmless value: empty text, or a choice's last option (so that, for
 * instance, a text-message consent makes the form check the phone number).
 */
function formsOf(schema: z.ZodTypeAny): Form[] {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind } & Record<string, unknown>;
  const leaf = (fallback: unknown): Form[] => [
    { leaves: [[]], build: (text) => text([]) ?? fallback },
  ];
  switch (def.typeName) {
    case "ZodString":
    case "ZodUnknown":
    case "ZodAny":
      return leaf("");
    case "ZodNumber":
    case "ZodBoolean":
    case "ZodDate":
      // Query strings and forms send text; only coercing schemas take it.
      return def.coerce ? leaf("") : [{ leaves: [], build: () => undefined }];
    case "ZodNull":
      return [{ leaves: [], build: () => null }];
    case "ZodEnum":
      return leaf((def.values as string[]).at(-1));
    case "ZodLiteral":
      return leaf(def.value);
    case "ZodEffects":
      return formsOf(def.schema as z.ZodTypeAny);
    case "ZodPipeline":
      return formsOf(def.in as z.ZodTypeAny);
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodReadonly":
      return formsOf(def.innerType as z.ZodTypeAny);
    case "ZodBranded":
      return formsOf(def.type as z.ZodTypeAny);
    case "ZodArray":
      return formsOf(def.type as z.ZodTypeAny).map((form) => ({
        leaves: form.leaves,
        build: (text) => [form.build(text)],
      }));
    case "ZodUnion":
    case "ZodDiscriminatedUnion": {
      const options = (def.options as z.ZodTypeAny[]).flatMap(formsOf);
      // A choice between text and something else is one field; a choice of objects, one form each.
      const text = options.find((form) => form.leaves.some((path) => path.length === 0));
      return text ? leaf("") : options;
    }
    case "ZodIntersection":
      return formsOf(def.left as z.ZodTypeAny).flatMap((left) =>
        formsOf(def.right as z.ZodTypeAny).map((right) => ({
          leaves: [...left.leaves, ...right.leaves],
          build: (text) => ({
            ...(left.build(text) as object),
            ...(right.build(text) as object),
          }),
        })),
      );
    case "ZodObject": {
      let forms: Form[] = [{ leaves: [], build: () => ({}) }];
      for (const [key, child] of Object.entries((schema as z.AnyZodObject).shape)) {
        const childForms = formsOf(child as z.ZodTypeAny);
        forms = forms.flatMap((form) =>
          childForms.map((childForm) => ({
            leaves: [...form.leaves, ...childForm.leaves.map((path) => [key, ...path])],
            build: (text) => ({
              ...(form.build(text) as object),
              [key]: childForm.build((path) => text([key, ...path])),
            }),
          })),
        );
      }
      return forms;
    }
    default:
      throw new Error(`The input walker does not know ${def.typeName}; teach it.`);
  }
}

const schemaModules = import.meta.glob<Record<string, unknown>>("/app/schemas/*.ts", {
  eager: true,
});
const schemas = Object.entries(schemaModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodTypeAny] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace(/^.*\//, "")} ${name}`, schema })),
);

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

const schemaCases = schemas.flatMap(({ name, schema }) =>
  formsOf(schema).flatMap((form, formIndex) =>
    form.leaves.map((leaf) => ({
      schema: name,
      field: `${leaf.join(".") || "(the value)"}${formIndex ? ` (form ${formIndex + 1})` : ""}`,
      parse: (text: string) =>
        schema.safeParse(form.build((path) => (samePath(path, leaf) ? text : undefined))),
    })),
  ),
);

describe("every schema in app/schemas", () => {
  it("is found, with its fields", () => {
    expect(schemas.length).toBeGreaterThan(20);
    expect(schemaCases.length).toBeGreaterThan(150);
  });

  // Refused, dropped (a filter's fallback) or cut (a text message's body), never kept whole.
  it.each(schemaCases)("$schema: 100 KB in $field costs little and is not kept", ({ parse }) => {
    const failures = Object.entries(hostileInputs).flatMap(([kind, text]) => {
      const ms = fastestMs(() => parse(text));
      const parsed = parse(text);
      const kept = parsed.success ? longestString(parsed.data) : 0;
      return [
        ms > budgetMs && `${kind}: ${ms.toFixed(0)} ms`,
        kept > uncapped && `${kind}: accepted ${kept} characters`,
      ].filter(Boolean);
    });
    expect(failures).toEqual([]);
  });
});

/** `read` given a request with this header; a value no HTTP parser passes on is not tried. */
function withHeader(name: string, value: string, read: (request: Request) => unknown) {
  let request: Request;
  try {
    request = new Request("http://x/", { headers: { [name]: value } });
  } catch {
    return undefined;
  }
  return read(request);
}

/**
 * The patterns themselves, given all of a hostile input (a schema gives them a capped field), and
 * the code that reads request input outside a schema: headers, query strings, paths.
 */
const standalone: Record<string, (text: string) => unknown> = {
  normaliseTime,
  parseQuote,
  isIdempotencyKey,
  parseBookingReference,
  isTrackingToken,
  parseStatus,
  isValidPhone,
  phoneDigits,
  textRefusal,
  parseRecordId,
  isValidDate,
  isPhotoPublicId,
  safeRedirectPath,
  looksLikePhone,
  searchWords,
  typedPhoneDigits,
  redactPath,
  trackedPath,
  deviceClassOf: (text) => deviceClassOf(text, null),
  "deviceSummary (a session's User-Agent)": deviceSummary,
  "uploadLimitFor (the request gate's path)": (text) =>
    uploadLimitFor(`/admin/repairs/${text}/photos`),
  matchingFaqItems: (text) => matchingFaqItems(text, "all"),
  "keptQuery (the FAQ's search)": (text) => keptQuery("/faq", new URLSearchParams({ q: text })),
  "bookingPrefill (the booking form's link)": (text) =>
    bookingPrefill(new URLSearchParams({ brand: text, model: text, issue: text })),
  "readSelection (the selector's query)": (text) =>
    readSelection(new URLSearchParams({ brand: text, from_brand: text })),
  "bearerToken (Authorization)": (text) =>
    withHeader("authorization", `Bearer ${text}`, bearerToken),
  "idempotencyKeyOf (Idempotency-Key)": (text) =>
    withHeader("idempotency-key", text, (request) => {
      try {
        return idempotencyKeyOf(request);
      } catch {
        return undefined; // the 400 for a malformed key
      }
    }),
};

describe("patterns over request input outside the schemas", () => {
  it.each(Object.entries(standalone))("%s reads 100 KB quickly", (_, run) => {
    const failures = Object.entries(hostileInputs).flatMap(([kind, text]) => {
      const ms = fastestMs(() => run(text));
      return ms > budgetMs ? [`${kind}: ${ms.toFixed(0)} ms`] : [];
    });
    expect(failures).toEqual([]);
  });
});

describe("every field's length is checked before any pattern reads it", () => {
  it.each(schemaCases)("$schema: $field", ({ parse }) => {
    const failures = Object.entries(hostileInputs).flatMap(([kind, text]) => {
      const read = longestPatternInput(() => parse(text));
      return read > uncapped ? [`${kind}: a pattern read ${read} characters`] : [];
    });
    expect(failures).toEqual([]);
  });
});
