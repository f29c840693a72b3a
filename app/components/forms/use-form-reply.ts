import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect, useId, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { ErrorSummaryItem } from "./error-summary";

export type FormConstraint = ReturnType<typeof getZodConstraint>;

/**
 * Reads the server's Conform reply (`submission.reply()`) into field props: names, ids, errors,
 * the values typed before the error, HTML constraints and ARIA wiring, and the list of every error
 * that the form's error summary shows at its top. Neither Conform's client runtime nor the schema
 * library runs in the browser: the browser checks the HTML constraints, the server the schema
 * (decision 0019). Public pages are not hydrated (decision 0036): there the browser focuses the
 * summary itself (its `autofocus`), with or without the public pages' script.
 */
export function useFormReply<Fields extends Record<string, unknown>>(
  lastResult: SubmissionResult<string[]> | undefined,
  {
    constraint = {},
    defaultValue = {},
  }: {
    constraint?: FormConstraint;
    defaultValue?: Partial<Record<Extract<keyof Fields, string>, string>>;
  } = {},
) {
  type Name = Extract<keyof Fields, string>;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = lastResult?.error ?? {};
  const values = (lastResult?.initialValue ?? defaultValue) as Record<string, unknown>;
  const fieldId = (name: string) => `${id}-${name}`;

  // Hydrated (the staff admin), the server's messages replace the browser's bubbles. A summary
  // that was already on the page (a second refusal in a row) is not mounted again, so React's
  // autofocus would not move to it: each answer focuses it here.
  const hydrated = useHydrated();
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[data-error-summary]")?.focus();
  }, [lastResult]);

  // The form's own messages first, then each field's first one, in the schema's order.
  const summary: ErrorSummaryItem[] = [
    ...(errors[""] ?? []).map((message) => ({ message })),
    ...Object.entries(errors).flatMap(([name, messages]) =>
      name && messages?.[0] ? [{ message: messages[0], href: `#${fieldId(name)}` }] : [],
    ),
  ];

  const form = {
    props: {
      ref: formRef,
      id,
      noValidate: hydrated,
      "aria-describedby": summary.length ? `${id}-form-error` : undefined,
    },
    errorId: `${id}-form-error`,
    errors: errors[""] ?? undefined,
    summary,
  };

  function field(name: Name) {
    const fieldErrors = errors[name] ?? undefined;
    const value = values[name];
    const rules = constraint[name] ?? {};
    return {
      id: fieldId(name),
      errorId: `${fieldId(name)}-error`,
      errors: fieldErrors,
      props: {
        id: fieldId(name),
        name,
        defaultValue: typeof value === "string" ? value : undefined,
        required: rules.required || undefined,
        maxLength: rules.maxLength,
        minLength: rules.minLength,
        pattern: rules.pattern,
        "aria-invalid": fieldErrors?.length ? true : undefined,
        "aria-describedby": fieldErrors?.length ? `${fieldId(name)}-error` : undefined,
      },
    };
  }

  return { form, field };
}

/** One field of a form as `useFormReply` gives it: ids, errors and the control's attributes. */
export type FormField = ReturnType<ReturnType<typeof useFormReply>["field"]>;
