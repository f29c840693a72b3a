import type { ActionFunctionArgs } from "@remix-run/node";
import { saveContactMessage } from "~/lib/contact.server";
import { contactFailedToast, tooManyAttemptsMessage } from "~/lib/form-messages";
import { failure, json, methodNotAllowed, readJsonObject, tooManyRequests, validationFailed } from "~/lib/legacy-api.server";
import { isHoneypotTripped } from "~/lib/honeypot";
import { checkSubmitLimit } from "~/lib/public-form.server";
import { newSubmissionKey } from "~/lib/submission.server";
import { contactSchema } from "~/schemas/contact";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJsonObject(request);
    const parsed = contactSchema.safeParse({ ...body, submissionKey: request.headers.get("idempotency-key") ?? newSubmissionKey() });
    if (!parsed.success) return validationFailed(parsed.error);
    if (isHoneypotTripped(parsed.data.website)) return json({ success: true }, 202);

    const limit = await checkSubmitLimit(context);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, tooManyAttemptsMessage(limit.retryAfterSeconds));
    await saveContactMessage(parsed.data);
    return json({ success: true }, 201);
  } catch (error) {
    return failure(error, contactFailedToast.description!);
  }
}
