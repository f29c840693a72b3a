/// <reference lib="webworker" />
import type { QueuedForm } from "~/offline/queued-answer";
import { askLanded, underKeyLock } from "~/offline/submission-landed";
import {
  announce,
  dropWithdrawn,
  keepSubmission,
  recordOutcome,
  sendKeptSubmissions,
} from "~/offline/submission-queue";

/**
 * How long a booking or message waits for the server before the worker asks whether it landed:
 * 10 s, or what the worker's own script URL asks for (`/sw.js?answerWaitMs=2000`), within 1–10 s.
 * Only a test registers the worker so, to see a weak signal play out in less time.
 */
export function answerWaitMs(workerUrl: string) {
  const asked = Number(new URL(workerUrl).searchParams.get("answerWaitMs"));
  return Number.isInteger(asked) && asked >= 1000 && asked <= 10_000 ? asked : 10_000;
}

/** How long that question may take; the form's own answer, should it come meanwhile, still wins. */
const landedWaitMs = 10_000;

/**
 * How long the key stays locked for a post still on its way, six times the answer's wait (a
 * minute): a deletion waits that long at most for the post to land or fail (decision 0060).
 */
const flightLockMs = (waitMs: number) => 6 * waitMs;

const pause = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));
const never = new Promise<never>(() => {});
const nothing = () => new Response(null, { status: 204 });

/**
 * A booking or message posted on a flaky connection may fail, or hang, before or after the server
 * stored it; the page cannot time out its own form post, so the service worker does. The post
 * goes as the browser made it. Without an answer in `waitMs` (or with a failed connection), the worker
 * first asks the server whether the submission key landed, while still waiting for the post's own
 * answer:
 * - the answer comes after all: it is the page's answer;
 * - landed: the page is told where it shows (a booking's confirmation) as a sent outcome;
 * - not landed, or no one to ask: the fields are kept on the phone, key included, and sent again
 *   under that key once the connection allows, so the server stores them once whichever copy
 *   arrives.
 *
 * The worker answers 204 No Content in the last two cases: the browser stays on the form as
 * typed, and the page, told on the offline channel, shows what became of it
 * (app/browser/kept-submissions.ts). All of it happens under the key's lock, held until the post
 * has landed or failed (within `flightLockMs`), so a change or deletion of the kept copy waits for
 * it and then asks the server. A post that answers after its copy was kept has the queue ask again
 * at once.
 */
export function sendFormPost(
  waitMs: number,
  form: QueuedForm,
  request: Request,
  fields: FormData,
  waitUntil: (work: Promise<unknown>) => void,
  registration: ServiceWorkerRegistration,
): Promise<Response> {
  const key = fields.get("submissionKey");
  // A step of the form (`intent`: the times of a date) is only sent.
  if (typeof key !== "string" || fields.has("intent")) return fetch(request);

  let respond!: (response: Response) => void;
  let fail!: (error: unknown) => void;
  const answer = new Promise<Response>((resolve, reject) => {
    respond = resolve;
    fail = reject;
  });
  const work = underKeyLock(key, async () => {
    // The form is sent again (changed after it was taken back): what becomes of the key is this
    // post's now.
    await dropWithdrawn(key);
    const sending = fetch(request).then(
      (response) => response,
      () => undefined,
    );
    const quick = await Promise.race([sending, pause(waitMs)]);
    if (quick) return respond(quick);

    announce({ type: "checking", key });
    const late = sending.then((response) => response ?? never);
    const first = await Promise.race([late, askLanded(form, key, landedWaitMs)]);
    if (first instanceof Response) return respond(first);
    if (first !== "unknown" && first.landed) {
      await recordOutcome({
        id: crypto.randomUUID(),
        form,
        settledAt: Date.now(),
        status: "sent",
        location: first.location,
      });
      return respond(nothing());
    }
    await keepSubmission(form, fields, registration);
    respond(nothing());
    return Promise.race([sending, pause(flightLockMs(waitMs))]);
  }).then(
    // The post was answered after its copy was kept: the queue asks the server now.
    (settled) => settled instanceof Response && sendKeptSubmissions(),
    // Nothing could be kept (storage refused): the offline page, as for any failed page.
    fail,
  );
  waitUntil(work);
  return answer;
}
