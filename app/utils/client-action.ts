import type { ClientActionFunctionArgs } from "react-router";
import type { ToastMessage } from "~/content/messages/form-messages";
import type { KeptAnswer } from "~/offline/kept-answer";
import type { QueuedForm } from "~/offline/queued-answer";

/** How long a form waits for the server before keeping the submission on the phone instead. */
const answerWaitMs = 10_000;

const noAnswer = () =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer")), answerWaitMs));

/**
 * On a flaky connection a request may fail, or hang, before or after the server stored it. The
 * submission is then kept on the phone (with the service worker's help) and sent under the same
 * submission key once the connection is back, so the server stores it once whichever copy
 * arrives. Where it cannot be kept (the keeping code never loaded, no IndexedDB), the form stays
 * as typed and says so; sending again sends the same key.
 */
export function keepFormOnNetworkError(form: QueuedForm, failure: ToastMessage) {
  return async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
    const formData = await request.clone().formData();
    if (formData.has("intent")) return serverAction();
    const sending = serverAction();
    // Settled after the wait, it has no one to answer: the kept copy carries the same key.
    sending.catch(() => undefined);
    try {
      return await Promise.race([sending, noAnswer()]);
    } catch (error) {
      if (error instanceof Response) throw error;
      const kept = await keep(form, formData);
      return kept
        ? ({
            result: undefined,
            toast: undefined,
            kept: { id: kept.id, form },
          } satisfies KeptAnswer)
        : { result: undefined, toast: failure };
    }
  };
}

async function keep(form: QueuedForm, formData: FormData) {
  try {
    const { keepSubmission } = await import("~/offline/submission-queue");
    return await keepSubmission(form, formData);
  } catch {
    return undefined;
  }
}
