import type { ComponentProps, ReactNode } from "react";
import type { FormField } from "./use-form-reply";
import { honeypotName } from "~/utils/honeypot";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-600";

type FieldProps = {
  field: FormField;
  label: string;
  /** The visible asterisk only: whether the control itself is required is the schema's say. */
  required?: boolean;
  hint?: string;
};

/** Hidden from screen readers, which hear the control's own `required` instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {" "}
      *
    </span>
  );
}

/** The field's first message, under the id its control's aria-describedby names. */
export function FieldError({ field }: { field: FormField }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {field.errors[0]}
    </p>
  ) : null;
}

/** A labelled control with its error message underneath, tied together for screen readers. */
export function Field({
  field,
  label,
  required,
  hint,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError field={field} />
    </div>
  );
}

/** `inputProps` adds to (or overrides) the field's own attributes; a className replaces `inputClass`. */
export function InputField({
  inputProps: { className = inputClass, ...inputProps } = {},
  ...props
}: FieldProps & { inputProps?: ComponentProps<"input"> }) {
  return (
    <Field {...props}>
      <input {...props.field.props} {...inputProps} className={className} />
    </Field>
  );
}

export function TextareaField({
  textareaProps,
  ...props
}: FieldProps & { textareaProps?: ComponentProps<"textarea"> }) {
  return (
    <Field {...props}>
      <textarea {...props.field.props} {...textareaProps} className={inputClass} />
    </Field>
  );
}

export function SelectField({
  selectProps,
  children,
  ...props
}: FieldProps & { selectProps?: ComponentProps<"select">; children: ReactNode }) {
  return (
    <Field {...props}>
      <select {...props.field.props} {...selectProps} className={inputClass}>
        {children}
      </select>
    </Field>
  );
}

/**
 * What every public submission carries: the key that makes a resubmission (a retry, a double tap,
 * a form sent again from the offline queue) store once, and a honeypot field, invisible to people
 * and assistive technology, that bots filling every field give themselves away with.
 */
export function SubmissionGuards({ submissionKey }: { submissionKey: string }) {
  return (
    <>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`hp-${honeypotName}`}>Leave this field empty</label>
        <input
          id={`hp-${honeypotName}`}
          type="text"
          name={honeypotName}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {errors[0]}
    </p>
  ) : null;
}
