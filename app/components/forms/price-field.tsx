import type { ComponentProps } from "react";
import { InputField } from "./field";
import type { FormField } from "./use-form-reply";

/** Dollars and cents within the schemas' 0 to 99,999.99 (`parseQuote`), with the decimal keypad on phones. */
const priceInput = {
  type: "number",
  step: "0.01",
  min: "0",
  max: "99999.99",
  inputMode: "decimal",
  autoComplete: "off",
} satisfies ComponentProps<"input">;

/**
 * A price in Canadian dollars, the one control for every price staff type: the walk-in's and the
 * repair page's quoted price, a quote sent to the customer, a price-list item.
 */
export function PriceField({
  field,
  label,
  hint,
  required,
  inputProps,
}: {
  field: FormField;
  label: string;
  hint?: string;
  required?: boolean;
  inputProps?: ComponentProps<"input">;
}) {
  return (
    <InputField
      field={field}
      label={label}
      hint={hint}
      required={required}
      inputProps={{ ...priceInput, ...inputProps }}
    />
  );
}
