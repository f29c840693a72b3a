import type { ComponentProps } from "react";

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
