import { lazy, Suspense, useState } from "react";
import { isKeptAnswer } from "~/offline/kept-answer";

const KeptNotice = lazy(() => import("./kept-notice-panel"));

/**
 * A form whose submission was kept on the phone hides behind a notice that says so. "Change it"
 * takes the submission back (the form shows again as typed); "Delete it" takes it back and clears
 * the form; once it is sent the form starts afresh. Either way nothing of it stays on the phone.
 * The notice's code loads only when a submission is kept.
 */
export function useKeptSubmission(answer: unknown) {
  const kept = isKeptAnswer(answer) ? answer.kept : undefined;
  const [released, setReleased] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const showing = kept && released !== kept.id ? kept : undefined;
  const release = (clear: boolean) => {
    setReleased(showing?.id);
    if (clear) setFormKey((n) => n + 1);
  };
  return {
    notice: showing ? (
      <Suspense fallback={null}>
        <KeptNotice kept={showing} onRelease={release} />
      </Suspense>
    ) : null,
    formHidden: Boolean(showing),
    formKey,
  };
}
