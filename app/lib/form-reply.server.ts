import type { SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "@remix-run/node";
import type { ToastMessage } from "./form-messages";
import { toastForThisRequest } from "./toast.server";

type Submission = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

/**
 * A form answered with an error on the same page: the typed values and messages go back to the
 * form, and the toast shows with or without JavaScript.
 */
export function replyWithError<Extra extends object = object>(
  context: AppLoadContext,
  submission: Submission,
  status: number,
  {
    toast,
    formErrors,
    fieldErrors,
    headers,
    extra,
  }: { toast?: ToastMessage; formErrors?: string[]; fieldErrors?: Record<string, string[]>; headers?: HeadersInit; extra?: Extra } = {},
) {
  if (toast) toastForThisRequest(context, toast);
  const reply = formErrors || fieldErrors ? submission.reply({ formErrors, fieldErrors }) : submission.reply();
  return data({ ...(extra as Extra), result: reply, toast }, { status, headers });
}
