import {
  askingLine,
  checkingLine,
  keptExplanation,
  keptTitle,
  offlineFormLine,
} from "~/offline/offline-messages";
import type { QueuedForm } from "~/offline/queued-answer";

const line = "rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950";

/**
 * What the offline side says beside a form, all of it hidden or in <template>s until the public
 * pages' script shows it (app/browser/kept-submissions.ts, app/browser/offline-side.ts):
 * - that the form opened offline, from the phone's copy, and can still be sent;
 * - while a slow post is asked about, that the server is being asked whether it landed (shown
 *   under the form's button);
 * - that the submission is kept on the phone, in place of the form, with a way to take it back:
 *   "Change it" shows the form again as typed, "Delete it" clears it. Either first asks the
 *   server whether it landed, and a booking that did opens its confirmation page instead;
 * - above the form again, what became of the one taken back, when there is something to say (a
 *   message that had landed, a submission the server could not be asked about).
 */
export function KeptNotice({ form }: { form: QueuedForm }) {
  return (
    <>
      <p hidden data-offline-form role="status" className={`mb-6 ${line}`}>
        {offlineFormLine(form)}
      </p>
      <template data-kept-said>
        <div role="status" data-said className={`mb-6 scroll-mt-24 ${line}`}>
          <p className="font-semibold" data-title />
          <p className="mt-1" data-description />
        </div>
      </template>
      <template data-kept-checking>
        <p role="status" className={`mt-4 ${line}`}>
          {checkingLine(form)}
        </p>
      </template>
      <template data-kept-notice>
        <section
          role="status"
          aria-labelledby="kept-heading"
          className="scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
        >
          <h2 id="kept-heading" tabIndex={-1} className="text-lg font-semibold outline-none">
            {keptTitle(form)}
          </h2>
          <p className="mt-2">{keptExplanation(form)}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              data-kept-change
              className="min-h-11 rounded-md border border-amber-400 bg-white px-4 py-2 font-semibold hover:bg-amber-100 disabled:opacity-60"
            >
              Change it
            </button>
            <button
              type="button"
              data-kept-delete
              className="min-h-11 rounded-md px-4 py-2 font-semibold text-amber-900 underline hover:bg-amber-100 disabled:opacity-60"
            >
              Delete it
            </button>
          </div>
          <p hidden data-kept-asking className="mt-3 text-sm font-semibold">
            {askingLine}
          </p>
        </section>
      </template>
    </>
  );
}
