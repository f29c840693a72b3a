import { z } from "zod";
import type { OfferAnswers } from "~/types/trade";
import { isValidDate } from "~/utils/shop-time";
import {
  capped,
  checkboxField,
  deviceCategoryField,
  emailField,
  honeypotField,
  optionalText,
  phoneField,
  refineContactConsent,
  requiredText,
  shortValueMax,
  submissionKeyField,
} from "./fields";

/** The condition questions as /sell asks them, each answer's value and words. */
export const conditionQuestions = [
  {
    name: "powersOn",
    question: "Does it turn on and work normally?",
    answers: [
      ["yes", "Yes"],
      ["no", "No"],
    ],
  },
  {
    name: "screen",
    question: "How is the screen?",
    answers: [
      ["flawless", "Like new: no scratches"],
      ["scratched", "Light scratches"],
      ["cracked", "Cracked, or shows lines or spots"],
    ],
  },
  {
    name: "body",
    question: "How is the back and frame?",
    answers: [
      ["flawless", "Like new: no marks"],
      ["scratched", "Light scratches or scuffs"],
      ["damaged", "Dents, cracks or heavy wear"],
    ],
  },
  {
    name: "battery",
    question: "Battery health (Settings → Battery)",
    answers: [
      ["good", "80 % or more"],
      ["worn", "Below 80 %"],
      ["unknown", "I don't know"],
    ],
  },
  {
    name: "partsWork",
    question: "Do the cameras, buttons, and Face ID or Touch ID all work?",
    answers: [
      ["yes", "Yes, all of them"],
      ["no", "No, something doesn't"],
    ],
  },
  {
    name: "accountLocked",
    question: "Is it still signed in to iCloud (Find My) or a Google account?",
    answers: [
      ["no", "No, I've signed out"],
      ["yes", "Yes, still signed in"],
    ],
  },
  {
    name: "carrierLocked",
    question: "Is it locked to a carrier?",
    answers: [
      ["no", "No, it's unlocked"],
      ["yes", "Yes, or I'm not sure"],
    ],
  },
] as const;

const pick = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  capped(shortValueMax, z.enum(values, { errorMap: () => ({ message }) }), message);

const yesNo = (message: string) =>
  pick(["yes", "no"], message).transform((value) => value === "yes");

const deviceText = (max: number, missing: string) => requiredText(max, missing);

/** The device /sell prices: each step's choice, carried in the address. */
export const sellDeviceSchema = z.object({
  category: deviceCategoryField,
  brand: deviceText(100, "Please choose the brand."),
  model: deviceText(150, "Please choose the model."),
  storage: capped(20, z.string().trim().max(20)).default(""),
});

/** The answers to the condition questions, as the offer keeps them. */
export const offerAnswersSchema = z.object({
  powersOn: yesNo("Please say whether it turns on."),
  screen: pick(["flawless", "scratched", "cracked"], "Please choose how the screen is."),
  body: pick(["flawless", "scratched", "damaged"], "Please choose how the back and frame are."),
  battery: pick(["good", "worn", "unknown"], "Please choose the battery's health."),
  partsWork: yesNo("Please say whether the cameras and buttons work."),
  accountLocked: yesNo("Please say whether it is still signed in to an account."),
  carrierLocked: yesNo("Please say whether it is locked to a carrier."),
}) satisfies z.ZodType<OfferAnswers, z.ZodTypeDef, unknown>;

/** The answers as the questions' form sends them back ("yes"/"no" for true/false). */
export const answerValues = (answers: OfferAnswers): Record<keyof OfferAnswers, string> => ({
  powersOn: answers.powersOn ? "yes" : "no",
  screen: answers.screen,
  body: answers.body,
  battery: answers.battery,
  partsWork: answers.partsWork ? "yes" : "no",
  accountLocked: answers.accountLocked ? "yes" : "no",
  carrierLocked: answers.carrierLocked ? "yes" : "no",
});

/** "I'll just bring it in": no drop-off time. */
export const justBringIt = "walk-in";

const dropOffMessage = "Please choose a drop-off time from the list, or that you'll just bring it.";

/**
 * The offer kept: the device and answers again (the amount is worked out anew from the grid, never
 * taken from the page), who the seller is, how they agreed to hear from us (both boxes unticked
 * by default), and a drop-off time ("2026-12-01 10:30") or none.
 */
export const offerContactSchema = sellDeviceSchema
  .merge(offerAnswersSchema)
  .extend({
    name: requiredText(
      201,
      "Please enter your name.",
      "Please keep your name under 200 characters.",
    ),
    email: optionalText(254).pipe(emailField.optional()),
    phone: optionalText(40).pipe(phoneField.optional()),
    sendByEmail: checkboxField,
    sendByText: checkboxField,
    dropOff: capped(
      shortValueMax,
      z
        .string({ required_error: dropOffMessage })
        .trim()
        .refine((value) => {
          if (value === justBringIt) return true;
          const [date, time, ...rest] = value.split(" ");
          return !rest.length && !!date && isValidDate(date) && /^\d{2}:\d{2}$/.test(time ?? "");
        }, dropOffMessage),
      dropOffMessage,
    ),
    submissionKey: submissionKeyField,
    website: honeypotField,
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["email"],
        message: "Please enter an e-mail address or a phone number, so we can reach you.",
      });
    if (value.sendByEmail && !value.email)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["email"],
        message: "Please enter your e-mail address to get the offer by e-mail.",
      });
    if (value.sendByText && !value.phone)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["phone"],
        message: "Please enter your mobile number to get the offer by text.",
      });
    if (value.sendByText) refineContactConsent({ phone: value.phone, notifyBy: "sms" }, ctx);
  })
  .transform(({ sendByEmail, sendByText, dropOff, ...rest }) => {
    const [date, time] = dropOff === justBringIt ? [] : dropOff.split(" ");
    return {
      ...rest,
      notifyBy:
        sendByEmail && sendByText
          ? ("both" as const)
          : sendByEmail
            ? ("email" as const)
            : sendByText
              ? ("sms" as const)
              : null,
      dropOffDate: date ?? null,
      dropOffTime: time ?? null,
    };
  });

export type OfferContactInput = z.output<typeof offerContactSchema>;

/** Staff's decision on an open offer. */
export const offerStatusSchema = z.object({
  status: pick(["declined", "cancelled"], "Please choose declined or cancelled."),
});
