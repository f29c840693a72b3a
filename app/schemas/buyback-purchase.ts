import { z } from "zod";
import { payoutMethods, sellerIdTypes } from "~/types/trade";
import { compactIdNumber } from "~/utils/seller-id";
import { isSignaturePath, signatureMax } from "~/utils/signature-path";
import {
  capped,
  checkboxField,
  optionalText,
  phoneField,
  requiredText,
  shortValueMax,
  submissionKeyField,
} from "./fields";
import { centsOf, identifierMissing, tradeDeviceFields } from "./trade-device";

const idTypeMessage = "Please choose the type of ID the seller showed.";
const payoutMessage = "Please choose how the seller is paid.";
export const blocklistMessage =
  "A device on the carrier blocklist (reported lost or stolen) cannot be bought. Tick the box only once Device Check Canada shows it is not blocklisted.";
const idNumberMessage = "Please enter the ID's number: 5 to 30 letters and digits.";

const custom = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });

/**
 * The counter's purchase form (decision 0072): the seller and their ID, the device, the blocklist
 * check, the grade and amount, the payout, and the declaration (a typed name, and the drawn
 * signature when the pad was used). The offer's reference, when it came from one, travels with it.
 */
export const purchaseSchema = z
  .object({
    submissionKey: submissionKeyField,
    offer: optionalText(16),
    sellerName: requiredText(200, "Please enter the seller's name."),
    sellerPhone: phoneField,
    idType: capped(shortValueMax, z.enum(sellerIdTypes, { message: idTypeMessage }), idTypeMessage),
    idNumber: requiredText(40, idNumberMessage),
    ...tradeDeviceFields,
    blocklistClear: checkboxField.refine(Boolean, blocklistMessage),
    amount: requiredText(20, "Please enter the amount paid, like 240.00."),
    lowerReason: optionalText(500),
    payoutMethod: capped(
      shortValueMax,
      z.enum(payoutMethods, { message: payoutMessage }),
      payoutMessage,
    ),
    payoutReference: optionalText(100),
    declarationName: requiredText(
      200,
      "Please have the seller type their name under the declaration.",
    ),
    signature: optionalText(signatureMax),
  })
  .transform(({ amount, idNumber, identifier, ...form }, ctx) => {
    const compactId = compactIdNumber(idNumber);
    if (!/^[A-Z0-9]{5,30}$/.test(compactId)) custom(ctx, "idNumber", idNumberMessage);
    if (!identifier) custom(ctx, "identifier", identifierMissing);
    if (form.payoutMethod === "etransfer" && !form.payoutReference)
      custom(ctx, "payoutReference", "Please enter the e-Transfer's reference number.");
    if (form.signature !== undefined && !isSignaturePath(form.signature))
      custom(
        ctx,
        "signature",
        "The signature did not come through. Please have the seller sign again.",
      );
    return {
      ...form,
      idNumber: compactId,
      identifier: identifier!,
      paidCents: centsOf(amount, ctx, "amount"),
      payoutReference: form.payoutMethod === "etransfer" ? form.payoutReference : undefined,
    };
  });

export type PurchaseInput = Omit<
  z.output<typeof purchaseSchema>,
  "submissionKey" | "blocklistClear"
>;
