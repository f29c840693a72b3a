import { gradeLabel } from "~/content/device-grades";
import { DeviceCategoryOptions } from "~/components/forms/device-category-options";
import { InputField, SelectField } from "~/components/forms/field";
import type { FormField } from "~/components/forms/use-form-reply";
import { deviceGrades } from "~/types/trade";

type Fields = Record<
  "category" | "brand" | "model" | "storage" | "colour" | "identifier" | "grade",
  FormField
>;

/** The device as staff describe it, for a counter purchase and for stock alike. */
export function TradeDeviceFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField field={fields.category} label="Category" required>
        <DeviceCategoryOptions value="slug" />
      </SelectField>
      <InputField field={fields.brand} label="Brand" required />
      <InputField field={fields.model} label="Model" required />
      <InputField field={fields.storage} label="Storage" hint="Like 128 GB" />
      <InputField field={fields.colour} label="Colour" />
      <InputField
        field={fields.identifier}
        label="IMEI or serial number"
        required
        hint="Dial *#06# on a phone for its IMEI."
        inputProps={{ autoComplete: "off", spellCheck: false }}
      />
      <SelectField field={fields.grade} label="Grade" required>
        <option value="">Select a grade</option>
        {deviceGrades.map((grade) => (
          <option key={grade} value={grade}>
            {gradeLabel(grade)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
