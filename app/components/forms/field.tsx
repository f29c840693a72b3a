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

/** Input types that take the text constraints (maxlength, minlength, pattern) HTML defines. */
const textInputTypes = new Set(["text", "search", "url", "tel", "email", "password"]);

/**
 * The field's attributes a control of this kind may carry: the schema's text constraints only
 * where HTML defines them (a <select> or a date takes none, a <textarea> no pattern), so every
 * page passes the Nu HTML checker.
 */
export function controlProps(
  field: FormField,
  control: "select" | "textarea" | "input",
  type = "text",
) {
  const { maxLength, minLength, pattern: _pattern, ...props } = field.props;
  if (control === "select") return props;
  if (control === "textarea") return { ...props, maxLength, minLength };
  return textInputTypes.has(type) ? field.props : props;
}

/** `inputProps` adds to (or overrides) the field's own attributes; a className replaces `inputClass`. */
export function InputField({
  inputProps: { className = inputClass, ...inputProps } = {},
  ...props
}: FieldProps & { inputProps?: ComponentProps<"input"> }) {
  return (
    <Field {...props}>
      <input
        {...controlProps(props.field, "input", inputProps.type)}
        {...inputProps}
        className={className}
      />
    </Field>
  );
}

export function TextareaField({
  textareaProps,
  ...props
}: FieldProps & { textareaProps?: ComponentProps<"textarea"> }) {
  return (
    <Field {...props}>
      <textarea
        {...controlProps(props.field, "textarea")}
        {...textareaProps}
        className={inputClass}
      />
    </Field>
  );
}

/**
 * `alwaysChosen`: the list has no empty first choice, so it always has a value. HTML allows
 * `required` only on a list whose first choice is empty (the Nu checker's rule), and such a list
 * cannot be left empty anyway, so it goes without.
 */
export function SelectField({
  selectProps,
  alwaysChosen,
  children,
  ...props
}: FieldProps & {
  selectProps?: ComponentProps<"select">;
  alwaysChosen?: boolean;
  children: ReactNode;
}) {
  const control = controlProps(props.field, "select");
  if (alwaysChosen) control.required = undefined;
  return (
    <Field {...props}>
      <select {...control} {...selectProps} className={inputClass}>
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
