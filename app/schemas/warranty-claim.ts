import { z } from "zod";
import { claimRefusals } from "~/utils/warranty";
import { capped, requiredText, submissionKeyField } from "./fields";

const decisionMessage = "Please say whether the warranty covers it.";
const exclusionMessage = "Please choose why the warranty does not cover it.";

/** A warranty claim opened on a repair: covered, or not and why, and what is wrong now. */
export const warrantyClaimSchema = z
  .object({
    decision: capped(20, z.enum(["covered", "not_covered"], { message: decisionMessage })),
    exclusion: capped(
      100,
      z.enum(claimRefusals, { message: exclusionMessage }).optional(),
      exclusionMessage,
    ),
    note: requiredText(1000, "Please describe what is wrong with the device now."),
    submissionKey: submissionKeyField,
  })
  .superRefine((claim, ctx) => {
    if (claim.decision === "not_covered" && !claim.exclusion)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["exclusion"], message: exclusionMessage });
  })
  .transform(({ decision, exclusion, ...claim }) => ({
    ...claim,
    covered: decision === "covered",
    exclusion: decision === "covered" ? null : (exclusion ?? null),
  }));
