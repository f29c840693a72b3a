import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/components/public/use-hydrated";
import type { ToastMessage } from "~/content/messages/form-messages";

export type FormConstraint = ReturnType<typeof getZodConstraint>;

/**
 * A form's schema run in the browser: nothing for a valid form, else the messages and the toast to
 * show.
 */
export type FormCheck = (
  formData: FormData,
) => { error: SubmissionResult<string[]>["error"]; toast?: ToastMessage } | undefined;

/** Which form's check to run (see form-checks.ts), and where its toast goes. */
type Validation = { form: "booking" | "contact"; toast(toast: ToastMessage): void };

/**
 * Reads the server's Conform reply (`submission.reply()`) into field props: names, ids, errors,
 * the values typed before the error, HTML constraints and ARIA wiring. Neither Conform's client
 * runtime nor the schema library is in the page's first JavaScript (the public pages' budget is
 * 100 KB): a form given `validate` loads its schema once a field is focused, checks itself before
 * sending and again as the visitor corrects it; until the check has loaded, a submission waits for
 * it, and if it cannot load the server checks alone, as without JavaScript (decision 0019).
 */
export function useFormReply<Fields extends Record<string, unknown>>(
  lastResult: SubmissionResult<string[]> | undefined,
  {
    constraint = {},
    defaultValue = {},
    validate,
  }: {
    constraint?: FormConstraint;
    defaultValue?: Partial<Record<Extract<keyof Fields, string>, string>>;
    validate?: Validation;
  } = {},
) {
  type Name = Extract<keyof Fields, string>;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own verdict, until the server answers again.
  const [checked, setChecked] = useState<{
    after?: SubmissionResult<string[]>;
    error: SubmissionResult<string[]>["error"];
  }>();
  const [attempts, setAttempts] = useState(0);
  const errors =
    (checked && checked.after === lastResult ? checked.error : lastResult?.error) ?? {};
  const values = (lastResult?.initialValue ?? defaultValue) as Record<string, unknown>;

  // With JavaScript the server's messages replace the browser's bubbles, as without it.
  const hydrated = useHydrated();
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [lastResult, attempts]);

  // undefined: not loaded yet; null: could not load.
  const checkRef = useRef<FormCheck | null | undefined>(undefined);
  const loading = useRef<Promise<unknown> | undefined>(undefined);
  const load = () =>
    (loading.current ??= import("./form-checks").then(
      (module) => (checkRef.current = module.formChecks[validate!.form]),
      () => (checkRef.current = null),
    ));
  const run = (form: HTMLFormElement) => {
    const outcome = checkRef.current?.(new FormData(form));
    setChecked({ after: lastResult, error: outcome?.error });
    return outcome;
  };
  const checking = validate && {
    onFocus: load,
    onInput: (event: FormEvent<HTMLFormElement>) => checked && run(event.currentTarget),
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      if (checkRef.current === undefined) {
        event.preventDefault();
        void load().then(() => form.requestSubmit());
        return;
      }
      const outcome = run(form);
      if (!outcome) return;
      event.preventDefault();
      setAttempts((n) => n + 1);
      if (outcome.toast) validate.toast(outcome.toast);
    },
  };

  const form = {
    props: {
      ref: formRef,
      id,
      noValidate: hydrated,
      "aria-describedby": errors[""]?.length ? `${id}-form-error` : undefined,
      ...checking,
    },
    errorId: `${id}-form-error`,
    errors: errors[""] ?? undefined,
    hydrated,
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
