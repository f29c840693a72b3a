import { keptExplanation, keptTitle } from "~/offline/offline-messages";
import type { QueuedForm } from "~/offline/queued-answer";

/**
 * Says that a submission is kept on the phone, with a way to take it back: "Change it" shows the
 * form again as typed, "Delete it" clears it; either way nothing of it stays on the phone. A
 * <template> until the public pages' script shows it in place of the form
 * (app/browser/kept-submissions.ts).
 */
export function KeptNotice({ form }: { form: QueuedForm }) {
  return (
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
            className="min-h-11 rounded-md border border-amber-400 bg-white px-4 py-2 font-semibold hover:bg-amber-100"
          >
            Change it
          </button>
          <button
            type="button"
            data-kept-delete
            className="min-h-11 rounded-md px-4 py-2 font-semibold text-amber-900 underline hover:bg-amber-100"
          >
            Delete it
          </button>
        </div>
      </section>
    </template>
  );
}
