import { urgencies } from "~/config/shop";
import { Field, inputClass } from "./field";
import type { FormField } from "./use-form-reply";

/** How soon the repair is needed: the public booking form and the counter's walk-in form ask alike. */
export function UrgencyField({ field }: { field: FormField }) {
  return (
    <Field id={field.id} label="Urgency" errorId={field.errorId} errors={field.errors}>
      <select {...field.props} className={inputClass}>
        {urgencies.map((u) => (
          <option key={u.value} value={u.value}>
            {u.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
