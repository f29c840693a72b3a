import type { ComponentProps } from "react";

/** Dollars and cents within the schemas' 0 to 99,999.99, with the decimal keypad on phones. */
export const priceInput = {
  type: "number",
  step: "0.01",
  min: "0",
  max: "99999.99",
  inputMode: "decimal",
} satisfies ComponentProps<"input">;

/**
 * A visitor's own address and number, which their browser may fill in; the length caps match the
 * schemas'. Staff forms type a customer's details and turn autocomplete off instead.
 */
export const emailInput = {
  type: "email",
  autoComplete: "email",
  maxLength: 254,
} satisfies ComponentProps<"input">;

export const phoneInput = {
  type: "tel",
  autoComplete: "tel",
  maxLength: 40,
} satisfies ComponentProps<"input">;
