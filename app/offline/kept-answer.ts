import type { QueuedForm } from "~/offline/queued-answer";

/** The page's answer when the submission was kept on the phone to be sent later. */
export type KeptAnswer = {
  result: undefined;
  toast: undefined;
  kept: { id: string; form: QueuedForm };
};

export const isKeptAnswer = (answer: unknown): answer is KeptAnswer =>
  Boolean(answer && typeof answer === "object" && "kept" in answer);
