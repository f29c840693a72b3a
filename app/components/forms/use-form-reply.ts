import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect, useId, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";

export type FormConstraint = ReturnType<typeof getZodConstraint>;

/**
 * Reads the server's Conform reply (`submission.reply()`) into field props: names, ids, errors,
 * the values typed before the error, HTML constraints and ARIA wiring. Neither Conform's client
 * runtime nor the schema library runs in the browser: the browser checks the HTML constraints,
 * the server the schema (decision 0019). Public pages are not hydrated (decision 0036); there
 * `hydrated` stays false, and the public pages' script focuses the first marked field.
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

  // Hydrated (the staff admin), the server's messages replace the browser's bubbles.
  const hydrated = useHydrated();
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [lastResult]);

  const form = {
    props: {
      ref: formRef,
      id,
      noValidate: hydrated,
      "aria-describedby": errors[""]?.length ? `${id}-form-error` : undefined,
    },
    errorId: `${id}-form-error`,
    errors: errors[""] ?? undefined,
  };

  function field(name: Name) {
    const fieldErrors = errors[name] ?? undefined;
    const fieldId = `${id}-${name}`;
    const value = values[name];
    const rules = constraint[name] ?? {};
    return {
      id: fieldId,
      errorId: `${fieldId}-error`,
      errors: fieldErrors,
      props: {
        id: fieldId,
        name,
        defaultValue: typeof value === "string" ? value : undefined,
        required: rules.required || undefined,
        maxLength: rules.maxLength,
        minLength: rules.minLength,
        pattern: rules.pattern,
        "aria-invalid": fieldErrors?.length ? true : undefined,
        "aria-describedby": fieldErrors?.length ? `${fieldId}-error` : undefined,
      },
    };
  }

  return { form, field };
}

/** One field of a form as `useFormReply` gives it: ids, errors and the control's attributes. */
export type FormField = ReturnType<ReturnType<typeof useFormReply>["field"]>;
