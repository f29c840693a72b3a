import { InputField, TextareaField } from "~/components/forms/field";
import { PriceField } from "~/components/forms/price-field";
import type { FormField } from "~/components/forms/use-form-reply";
import { TradeDeviceFields } from "./trade-device-fields";

type Name =
  | "category"
  | "brand"
  | "model"
  | "storage"
  | "colour"
  | "identifier"
  | "grade"
  | "batteryHealth"
  | "price"
  | "cost"
  | "warrantyMonths"
  | "description";

/** A device for sale's details: what the add and edit forms share. */
export function StockFields({ field }: { field: (name: Name) => FormField }) {
  return (
    <div className="space-y-4">
      <TradeDeviceFields
        fields={{
          category: field("category"),
          brand: field("brand"),
          model: field("model"),
          storage: field("storage"),
          colour: field("colour"),
          identifier: field("identifier"),
          grade: field("grade"),
        }}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <InputField
          field={field("batteryHealth")}
          label="Battery health (%)"
          inputProps={{ type: "number", min: 0, max: 100, inputMode: "numeric" }}
        />
        <InputField
          field={field("warrantyMonths")}
          label="Warranty (months)"
          required
          inputProps={{ type: "number", min: 0, max: 36, inputMode: "numeric" }}
        />
        <PriceField
          field={field("price")}
          label="Price"
          required
          hint="0 until it is priced: a device is put up for sale only with a price."
        />
        <PriceField field={field("cost")} label="Cost" required hint="What the shop paid." />
      </div>
      <TextareaField
        field={field("description")}
        label="Description"
        hint="Shown to customers on the shop's page."
        textareaProps={{ rows: 3 }}
      />
    </div>
  );
}
