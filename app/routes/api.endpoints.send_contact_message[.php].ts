import type { ActionFunctionArgs } from "@remix-run/node";
import { submitContactMessage } from "~/models/contact-message.server";
import {
  contactFailedToast,
  idempotencyKeyReusedMessage,
  invalidIdempotencyKeyMessage,
  tooManyAttemptsMessage,
} from "~/content/messages/form-messages";
import {
  failure,
  json,
  methodNotAllowed,
  readJsonObject,
  tooManyRequests,
  validationFailed,
} from "~/server/legacy-api.server";
import { publicOrigin } from "~/server/env.server";
import { idempotencyKeyOf } from "~/models/submission.server";
import { contactSchema } from "~/schemas/contact";

export const loader = () => methodNotAllowed("POST");

/** The legacy contact endpoint; an Idempotency-Key header makes a retry store nothing new. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const submissionKey = idempotencyKeyOf(request);
    const body = await readJsonObject(request);
    const parsed = contactSchema.safeParse({ ...body, submissionKey });
    if (!parsed.success) return validationFailed(parsed.error);
    const result = await submitContactMessage(parsed.data, context, publicOrigin(), "api");
    switch (result.outcome) {
      case "saved":
      case "replayed":
        return json({ success: true }, 201);
      case "spam":
        return json({ success: true }, 202);
      case "rate_limited":
        return tooManyRequests(
          result.retryAfterSeconds,
          tooManyAttemptsMessage(result.retryAfterSeconds),
        );
      case "key_invalid":
        return json({ success: false, message: invalidIdempotencyKeyMessage }, 400);
      case "key_reused":
        return json({ success: false, message: idempotencyKeyReusedMessage }, 422);
    }
  } catch (error) {
    return failure(error, contactFailedToast.description!);
  }
}
