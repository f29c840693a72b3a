import { z } from "zod";
import { parseRecordId } from "~/utils/record-id";
import { capped, shortValueMax } from "./fields";

const recordMessage = "Please choose a message.";
const recordId = capped(
  shortValueMax,
  z.unknown().transform((value, ctx) => {
    const id = parseRecordId(value);
    if (id === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: recordMessage });
    return id ?? z.NEVER;
  }),
  recordMessage,
);

/** /admin/messages?show=all&page= ; anything malformed falls back to the unhandled messages. */
export const messageListQuerySchema = z.object({
  show: z.enum(["unhandled", "all"]).catch("unhandled"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** The Messages page's "Mark handled" / "Mark unhandled" buttons. */
export const messageHandledSchema = z.object({
  id: recordId,
  handled: z
    .enum(["true", "false"], { message: "Please say whether the message is handled." })
    .transform((value) => value === "true"),
});

/** The Outbox page's Retry button. */
export const retryMailSchema = z.object({ id: recordId });

/** The Outbox page's "Retry all failed" button. */
export const retryAllMailSchema = z.object({ intent: z.literal("retry-all") });
