import { z } from "zod";
import { typedLineKinds } from "~/types/invoice";
import { invoiceLinesMax, lineFieldNames } from "~/utils/invoice-lines";
import { parseCents } from "~/utils/invoice-totals";
import { paymentMethodsAtCounter } from "~/utils/payment-methods";
import { isReservationReference } from "~/utils/shop-device";
import {
  capped,
  checkboxField,
  optionalText,
  requiredText,
  shortValueMax,
  submissionKeyField,
  versionField,
} from "./fields";

/** The version the form was drawn at: every invoice form carries it (decision 0039). */
const drawnVersion = versionField.unwrap();

const kindMessage = "Please choose what the line is for.";
const descriptionMessage = "Please describe the line.";
const priceMessage = "Please enter the price in dollars, like 129.99.";
const quantityMessage = "Please enter a quantity from 1 to 999.";
const amountMessage = "Please enter the amount in dollars, like 40.00.";
const percentMessage = "Please enter a percentage from 0 to 100, like 10 or 12.5.";

/** Adds the message to the field at `path`. */
export const custom = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });

/** "12.5" → 1250 basis points; undefined unless 0 to 100 with at most two decimals. */
function parsePercent(text: string) {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return undefined;
  const basisPoints = Math.round(Number(text) * 100);
  return basisPoints <= 10_000 ? basisPoints : undefined;
}

const lineNumbers = Array.from({ length: invoiceLinesMax }, (_, i) => i + 1);

const lineFields = Object.fromEntries(
  lineNumbers.flatMap((n) => {
    const names = lineFieldNames(n);
    return [
      [
        names.kind,
        capped(
          shortValueMax,
          z.enum(typedLineKinds, { message: kindMessage }),
          kindMessage,
        ).default("repair"),
      ],
      [names.description, optionalText(200)],
      [names.quantity, optionalText(3)],
      [names.unitPrice, optionalText(20)],
      [names.remove, checkboxField],
    ];
  }),
) as Record<string, z.ZodTypeAny>;

type LineForm = {
  kind: (typeof typedLineKinds)[number];
  description?: string;
  quantity?: string;
  unitPrice?: string;
  remove: boolean;
};

/**
 * The draft invoice's form: its lines (blank rows and rows ticked Remove are dropped) and an
 * optional discount with its reason. Staff type dollars; the result is in cents.
 */
export const invoiceDraftSchema = z
  .object({
    intent: z.literal("save"),
    version: drawnVersion,
    ...lineFields,
    discountKind: capped(
      shortValueMax,
      z.enum(["none", "amount", "percent"], { message: "Please choose a kind of discount." }),
    ).default("none"),
    discountValue: optionalText(20),
    discountReason: optionalText(200),
  })
  .transform((form, ctx) => {
    const fields = form as unknown as Record<string, LineForm[keyof LineForm]>;
    const lines = lineNumbers.flatMap((n) => {
      const names = lineFieldNames(n);
      const line = Object.fromEntries(
        Object.entries(names).map(([key, name]) => [key, fields[name]]),
      ) as LineForm;
      if (line.remove || (!line.description && !line.unitPrice)) return [];
      const unitCents = line.unitPrice === undefined ? undefined : parseCents(line.unitPrice);
      const quantity = Number(line.quantity ?? "1");
      if (!line.description) custom(ctx, [names.description], descriptionMessage);
      if (unitCents === undefined || unitCents > 10_000_000)
        custom(ctx, [names.unitPrice], priceMessage);
      if (!/^\d{1,3}$/.test(line.quantity ?? "1") || quantity < 1)
        custom(ctx, [names.quantity], quantityMessage);
      return [
        {
          kind: line.kind,
          description: line.description ?? "",
          quantity,
          unitCents: unitCents ?? 0,
        },
      ];
    });
    if (form.discountKind === "none") return { version: form.version, lines, discount: null };
    const value =
      form.discountValue === undefined
        ? undefined
        : form.discountKind === "amount"
          ? parseCents(form.discountValue)
          : parsePercent(form.discountValue);
    if (value === undefined)
      custom(
        ctx,
        ["discountValue"],
        form.discountKind === "amount" ? amountMessage : percentMessage,
      );
    if (!form.discountReason)
      custom(ctx, ["discountReason"], "Please say why the discount is given.");
    return {
      version: form.version,
      lines,
      discount: { kind: form.discountKind, value: value ?? 0, reason: form.discountReason ?? "" },
    };
  });

/** Starting the repair's draft invoice. */
export const invoiceStartSchema = z.object({ intent: z.literal("start") });

/** Issuing the draft as it was read. */
export const invoiceIssueSchema = z.object({ intent: z.literal("issue"), version: drawnVersion });

/** The paid-up repair handed over: its version as the invoice page read it. */
export const handoverSchema = z.object({ intent: z.literal("handover"), version: drawnVersion });

/** A counter sale started: who it is made out to. */
export const counterSaleSchema = z.object({
  customerName: requiredText(200, "Please enter who the sale is made out to."),
  submissionKey: submissionKeyField,
});

/** The receipt's link sent to the customer. */
export const sendReceiptSchema = z.object({ intent: z.literal("send_receipt") });

/** The owner voids an issued invoice, saying why. */
export const invoiceVoidSchema = z.object({
  intent: z.literal("void"),
  version: drawnVersion,
  reason: requiredText(500, "Please say why the invoice is voided."),
});

/** The owner takes part of an issued invoice off what is owed, saying why. */
export const creditNoteSchema = z
  .object({
    intent: z.literal("credit"),
    version: drawnVersion,
    amount: requiredText(20, amountMessage, amountMessage),
    reason: requiredText(500, "Please say why the credit note is issued."),
  })
  .transform(({ amount, ...note }, ctx) => {
    const amountCents = parseCents(amount);
    if (amountCents === undefined || amountCents === 0) custom(ctx, ["amount"], amountMessage);
    return { ...note, amountCents: amountCents ?? 0 };
  });

const methodMessage = "Please choose how the customer paid.";

/** How the counter takes money (`online` comes only from the payment provider). */
export const counterMethodField = capped(
  shortValueMax,
  z.enum(paymentMethodsAtCounter, { message: methodMessage }),
  methodMessage,
);
type CounterMethod = z.infer<typeof counterMethodField>;

/**
 * A payment's fields as typed, checked: the amount, what cash was handed over (for the change), an
 * e-Transfer's reference. `names` says what the form calls each field (the walk-in form prefixes
 * them), so each message lands beside its field.
 */
export function readPayment(
  form: { method: CounterMethod; amount: string; tendered?: string; reference?: string },
  ctx: z.RefinementCtx,
  names = { amount: "amount", tendered: "tendered", reference: "reference" },
) {
  const amountCents = parseCents(form.amount);
  if (amountCents === undefined || amountCents === 0) custom(ctx, [names.amount], amountMessage);
  const tenderedCents = form.tendered === undefined ? undefined : parseCents(form.tendered);
  if (form.method === "cash" && form.tendered !== undefined) {
    if (tenderedCents === undefined) custom(ctx, [names.tendered], amountMessage);
    else if (amountCents !== undefined && tenderedCents < amountCents)
      custom(ctx, [names.tendered], "The cash handed over is less than the amount.");
  }
  if (form.method === "etransfer" && !form.reference)
    custom(ctx, [names.reference], "Please enter the e-Transfer's reference number.");
  return {
    method: form.method,
    amountCents: amountCents ?? 0,
    tenderedCents: form.method === "cash" ? tenderedCents : undefined,
    reference: form.method === "etransfer" ? form.reference : undefined,
  };
}

/** Money taken at the counter; the form's key makes a double submit one payment. */
export const paymentSchema = z
  .object({
    intent: z.literal("pay"),
    method: counterMethodField,
    amount: requiredText(20, amountMessage, amountMessage),
    tendered: optionalText(20),
    reference: optionalText(100),
    submissionKey: submissionKeyField,
  })
  .transform((form, ctx) => ({ ...readPayment(form, ctx), submissionKey: form.submissionKey }));

const reservationMessage = "Please enter the reservation reference as it was given, like R-7KQ2MX.";

/**
 * A device for sale added to a draft: its shop id, IMEI or serial number, and for a device held
 * for a customer, their reservation's reference.
 */
export const deviceSaleSchema = z.object({
  intent: z.literal("add_device"),
  version: drawnVersion,
  device: requiredText(64, "Please enter the device's shop id, IMEI or serial number."),
  reservation: capped(
    20,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === "" || isReservationReference(value), reservationMessage),
    reservationMessage,
  )
    .optional()
    .transform((value) => value || undefined),
});

/** A device's line taken off a draft: which device. */
export const deviceRemovalSchema = z.object({
  intent: z.literal("remove_device"),
  version: drawnVersion,
  stockDeviceId: z.coerce
    .number({ message: "That device is no longer on this invoice." })
    .int()
    .positive()
    .max(2_147_483_647),
});
