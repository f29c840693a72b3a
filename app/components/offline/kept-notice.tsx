import { useEffect, useRef, useState } from "react";
import { isKeptAnswer } from "~/lib/client-action";
import { keptExplanation, keptTitle } from "~/lib/offline/offline-messages";
import { offlineChannelName } from "~/lib/offline/offline-channel";
import type { QueuedForm } from "~/lib/offline/queued-answer";

function KeptNotice({ form, onRelease }: { form: QueuedForm; onRelease(clear: boolean): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="status" aria-labelledby="kept-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6">
      <h2 id="kept-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {keptTitle(form)}
      </h2>
      <p className="mt-2">{keptExplanation(form)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={() => onRelease(false)} className="min-h-11 rounded-md border border-amber-400 bg-white px-4 py-2 font-semibold hover:bg-amber-100">
          Change it
        </button>
        <button type="button" onClick={() => onRelease(true)} className="min-h-11 rounded-md px-4 py-2 font-semibold text-amber-900 underline hover:bg-amber-100">
          Delete it
        </button>
      </div>
    </section>
  );
}

/**
 * A form whose submission was kept on the phone hides behind a notice that says so. "Change it"
 * takes the submission back (the form shows again as typed); "Delete it" takes it back and clears
 * the form. Either way nothing of it stays on the phone.
 */
export function useKeptSubmission(answer: unknown) {
  const kept = isKeptAnswer(answer) ? answer.kept : undefined;
  const [released, setReleased] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const showing = kept && released !== kept.id ? kept : undefined;

  // Sent (or refused) while the notice shows: the notice goes, and the form starts afresh.
  useEffect(() => {
    if (!showing) return;
    const channel = new BroadcastChannel(offlineChannelName);
    channel.onmessage = async () => {
      const { keptSubmissions } = await import("~/lib/offline/submission-queue");
      if ((await keptSubmissions()).some((one) => one.id === showing.id)) return;
      setReleased(showing.id);
      setFormKey((n) => n + 1);
    };
    return () => channel.close();
  }, [showing]);

  async function release(clear: boolean) {
    if (!showing) return;
    const { forgetSubmission } = await import("~/lib/offline/submission-queue");
    await forgetSubmission(showing.id);
    setReleased(showing.id);
    if (clear) setFormKey((n) => n + 1);
  }
  return {
    notice: showing ? <KeptNotice form={showing.form} onRelease={(clear) => void release(clear)} /> : null,
    formHidden: Boolean(showing),
    formKey,
  };
}
