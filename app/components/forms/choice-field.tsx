import { FieldError, RequiredMark } from "./field";
import type { FormField } from "./use-form-reply";

/** A radio group: the legend names it, and the error message is the group's description. */
export function ChoiceField({
  field,
  legend,
  required,
  options,
  className,
}: {
  field: FormField;
  legend: string;
  /** The visible asterisk only, as on `Field`. */
  required?: boolean;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <fieldset
      className={className}
      aria-describedby={field.errors?.length ? field.errorId : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className="mt-1 flex flex-col sm:mt-2 sm:flex-row sm:gap-6">
        {options.map(({ value, label }, index) => (
          // A thumb's height on a phone, where one line under the other they are easy to miss.
          <label
            key={value}
            className="flex min-h-11 items-center gap-2 text-sm text-slate-800 sm:min-h-6"
          >
            <input
              // The first choice is where the error summary's link for the group leads.
              id={index === 0 ? field.id : undefined}
              type="radio"
              name={field.props.name}
              value={value}
              required={field.props.required}
              defaultChecked={field.props.defaultValue === value}
              aria-invalid={field.props["aria-invalid"]}
              className="h-4 w-4 border-slate-300"
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
