import type { ActionFunctionArgs } from "@remix-run/node";
import { submitContactMessage } from "~/lib/contact.server";
import { contactFailedToast, tooManyAttemptsMessage } from "~/lib/form-messages";
import { failure, json, methodNotAllowed, readJsonObject, tooManyRequests, validationFailed } from "~/lib/legacy-api.server";

import { newSubmissionKey } from "~/lib/submission.server";
import { contactSchema } from "~/schemas/contact";
import { publicOrigin } from "~/lib/env.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJsonObject(request);
    const parsed = contactSchema.safeParse({ ...body, submissionKey: request.headers.get("idempotency-key") ?? newSubmissionKey() });
    if (!parsed.success) return validationFailed(parsed.error);
    const result = await submitContactMessage(parsed.data, context, publicOrigin());
    if (result.outcome === "spam") return json({ success: true }, 202);
    if (result.outcome === "rate_limited") return tooManyRequests(result.retryAfterSeconds, tooManyAttemptsMessage(result.retryAfterSeconds));
    return json({ success: true }, 201);
  } catch (error) {
    return failure(error, contactFailedToast.description!);
  }
}
