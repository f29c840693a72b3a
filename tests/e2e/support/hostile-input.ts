// Request bodies built to make validation slow (the worst characters for each field's pattern, as
// much as fits under the 64 KB body limit), shared by the test that checks they are refused and
// the bench that measures what they cost everyone else.
import { maxBodyBytes } from "../../../app/server/legacy-api.server";
import { bookingPayload } from "./api";
import { renderedSubmissionKey } from "./server-http";

type Door = "json" | "form";
type Hostile = { door: Door; field: string; filler: (length: number) => string };

/**
 * One goes through the form: a refused form is answered with its page, a render of some 30 ms
 * that any invalid submission costs, so more of them at once would measure rendering, not
 * validation.
 */
const hostileFields: Hostile[] = [
  { door: "form", field: "preferredTime", filler: (n) => `10:00${" ".repeat(n - 6)}x` },
  { door: "json", field: "preferredTime", filler: (n) => `10:00${" ".repeat(n - 6)}x` },
  { door: "json", field: "preferredDate", filler: (n) => `2026-01-01${" ".repeat(n - 11)}x` },
  { door: "json", field: "phone", filler: (n) => `${"1-".repeat(n / 2 - 1)}x` },
  { door: "json", field: "email", filler: (n) => `a@${"a.".repeat(n / 2 - 2)}1` },
];

/** The body for one door with `field` as long as the limit allows. */
function hostileBody({ door, field, filler }: Hostile, fields: Record<string, string>) {
  const encode = (value: string) => {
    const values = { ...fields, [field]: value };
    return door === "json" ? JSON.stringify(values) : new URLSearchParams(values).toString();
  };
  // Spaces and dashes take one byte either way (`+` in a form); a colon in a form takes three.
  let length = maxBodyBytes - encode("").length;
  let body = encode(filler(length));
  length -= body.length - maxBodyBytes;
  body = encode(filler(length));
  if (body.length <= maxBodyBytes - 10 || body.length > maxBodyBytes)
    throw new Error(`${door} ${field}: ${body.length} bytes, not just under ${maxBodyBytes}`);
  return body;
}

export type HostileAnswer = { what: string; status: number; ms: number };

async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** Every hostile request for the server at `base`, ready to send. */
export async function hostileRequests(base: string) {
  const fields = Object.fromEntries(
    Object.entries(bookingPayload()).map(([name, value]) => [name, String(value)]),
  );
  const formKey = await renderedSubmissionKey(base, "/book-appointment");
  return hostileFields.map((hostile) => {
    const body = hostileBody(
      hostile,
      hostile.door === "form" ? { ...fields, submissionKey: formKey } : fields,
    );
    const what = `${hostile.door} ${hostile.field}`;
    const send = (): Promise<HostileAnswer> =>
      timed(() =>
        fetch(
          `${base}${hostile.door === "json" ? "/api/endpoints/submit_booking.php" : "/book-appointment"}`,
          {
            method: "POST",
            redirect: "manual",
            headers: {
              origin: base,
              "content-type":
                hostile.door === "json" ? "application/json" : "application/x-www-form-urlencoded",
            },
            body,
            // Before the fix one took 20 s; on a busy machine a refusal takes well under 1 s.
            signal: AbortSignal.timeout(10_000),
          },
        ).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ).then(({ result, ms }) => ({ what, status: result, ms }));
    return { what, send };
  });
}

/**
 * Rounds of every hostile request at once, with health checks one after another meanwhile, until
 * `checks` of them were sent while a hostile request was in flight (only those count). The same
 * number of checks just before, with nothing else sent, are the baseline.
 */
export async function underAttack(
  base: string,
  requests: Awaited<ReturnType<typeof hostileRequests>>,
  checks = 20,
) {
  const health = () =>
    timed(() =>
      fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
  const quiet: number[] = [];
  for (let i = 0; i < checks; i++) quiet.push((await health()).ms);
  let inFlight = 0;
  let attacking = true;
  const answers: HostileAnswer[] = [];
  const during: { status: number; ms: number }[] = [];
  const prober = (async () => {
    while (attacking) {
      const counts = inFlight > 0;
      const { result: status, ms } = await health();
      if (counts) during.push({ status, ms });
    }
  })();
  for (let round = 0; round < 50 && during.length < checks; round++) {
    await Promise.all(
      requests.map(async ({ send }) => {
        inFlight += 1;
        try {
          answers.push(await send());
        } finally {
          inFlight -= 1;
        }
      }),
    );
  }
  attacking = false;
  await prober;
  return { quiet, answers, during };
}
