import type { data } from "react-router";
import type { FormAnswer, QueuedAnswer } from "~/offline/queued-answer";
import { reissuedKey } from "~/utils/reissued-key";

type DataWithResponseInit<T> = ReturnType<typeof data<T>>;

const answer = (body: QueuedAnswer, init: ResponseInit = {}) => Response.json(body, init);

/**
 * A public form's answer (a redirect, or the form back with its messages) as the JSON a queued
 * submission's sender reads: the same decisions, under the same submission key, so a booking sent
 * from the page and again from the queue is stored once.
 */
export function queuedAnswer(formAnswer: Response | DataWithResponseInit<FormAnswer>): Response {
  if (formAnswer instanceof Response)
    return answer({ outcome: "sent", location: formAnswer.headers.get("location") ?? "/" });
  const status = formAnswer.init?.status ?? 200;
  if (status === 429 || status >= 500) {
    const retryAfter = new Headers(formAnswer.init?.headers).get("retry-after");
    return answer(
      { outcome: "retry" },
      { status, headers: retryAfter ? { "retry-after": retryAfter } : undefined },
    );
  }
  const submissionKey = reissuedKey(formAnswer.data);
  if (submissionKey) return answer({ outcome: "new-key", submissionKey }, { status: 409 });
  return answer(
    { outcome: "refused", answer: formAnswer.data },
    { status: status < 400 ? 422 : status },
  );
}
