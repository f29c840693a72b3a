import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "react-router";
import type { ZodTypeAny } from "zod";
import { errorToast } from "~/content/messages/admin-messages";
import type { ToastMessage } from "~/content/messages/form-messages";
import { issueFormKey } from "~/server/submission.server";
import { toastForThisRequest } from "~/server/toast.server";

type Submission = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }): SubmissionResult<string[]>;
};

/** What a field without a length limit of its own (a choice, a date) may echo back at most. */
const unboundedFieldEcho = 200;
const fieldLimits = new WeakMap<ZodTypeAny, Map<string, number>>();

function limitsOf(schema: ZodTypeAny): Map<string, number> {
  let limits = fieldLimits.get(schema);
  if (!limits) {
    const constraint = getZodConstraint(schema) as Record<string, { maxLength?: number }>;
    limits = new Map(
      Object.entries(constraint).map(([name, { maxLength }]) => [
        name,
        maxLength ?? unboundedFieldEcho,
      ]),
    );
    fieldLimits.set(schema, limits);
  }
  return limits;
}

const clip = (value: unknown, max: number): unknown =>
  typeof value === "string"
    ? value.slice(0, max)
    : Array.isArray(value)
      ? value.slice(0, 20).map((one) => clip(one, max))
      : undefined;

/**
 * A form submission parsed with its schema. Its reply puts the visitor's input back into the page,
 * so it echoes only the schema's own fields, each cut to that field's maximum length: whatever a
 * client sends, the page it gets back stays the size of the form.
 */
export function parseForm<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  const limits = limitsOf(schema);
  const reply = submission.reply.bind(submission);
  submission.reply = (options) => {
    const result = reply(options);
    if (!result.initialValue) return result;
    const initialValue = Object.fromEntries(
      [...limits].flatMap(([name, max]) =>
        name in result.initialValue! ? [[name, clip(result.initialValue![name], max)]] : [],
      ),
    ) as typeof result.initialValue;
    return { ...result, initialValue, fields: result.fields?.filter((name) => limits.has(name)) };
  };
  return submission;
}

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
  }: {
    toast?: ToastMessage;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    headers?: HeadersInit;
    extra?: Extra;
  } = {},
) {
  if (toast) toastForThisRequest(context, toast);
  const reply =
    formErrors || fieldErrors ? submission.reply({ formErrors, fieldErrors }) : submission.reply();
  return data({ ...(extra as Extra), result: reply, toast }, { status, headers });
}

/**
 * A staff form refused with one message (a rule, a record gone, an outage): the message in the
 * Error toast and above the form, the typed values kept.
 */
export const replyWithMessage = <Extra extends object = object>(
  context: AppLoadContext,
  submission: Submission,
  status: number,
  message: string,
  extra?: Extra,
) =>
  replyWithError(context, submission, status, {
    toast: errorToast(message),
    formErrors: [message],
    extra,
  });

/**
 * A public form whose submission key was refused or already used for other details: the kept
 * input goes back with a new key, so submitting it again works, with or without JavaScript.
 */
export function replyWithNewKey(
  context: AppLoadContext,
  submission: Submission,
  status: number,
  failure: ToastMessage,
  message: string,
) {
  return replyWithError(context, submission, status, {
    toast: { ...failure, description: message },
    formErrors: [message],
    extra: { submissionKey: issueFormKey() },
  });
}
