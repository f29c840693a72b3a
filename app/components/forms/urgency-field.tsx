import { urgencies } from "~/config/shop";
import { SelectField } from "./field";
import type { FormField } from "./use-form-reply";

/**
 * How soon the repair is needed: the public booking form and the counter's walk-in form ask alike.
 */
export function UrgencyField({ field }: { field: FormField }) {
  return (
    <SelectField field={field} label="Urgency" alwaysChosen>
      {urgencies.map((u) => (
        <option key={u.value} value={u.value}>
          {u.label}
        </option>
      ))}
    </SelectField>
  );
}
