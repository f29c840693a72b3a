import type { ActionFunctionArgs } from "@remix-run/node";
import { invalidCredentialsMessage, tooManyLoginsMessage } from "~/lib/admin-messages";
import { hitLoginRateLimit, LoginRefused, startSession, verifyCredentials } from "~/lib/auth.server";
import { failure, json, methodNotAllowed, readJsonObject, tooManyRequests, validationFailed } from "~/lib/legacy-api.server";
import { loginSchema } from "~/schemas/admin-login";

export const loader = () => methodNotAllowed("POST");

/** The legacy login: an opaque bearer token for the other /api/admin endpoints, stored hashed. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const parsed = loginSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailed(parsed.error);
    const limit = await hitLoginRateLimit(context.clientIp);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, tooManyLoginsMessage(limit.retryAfterSeconds));
    const staff = await verifyCredentials(parsed.data.username, parsed.data.password);
    const token = await startSession(staff.id, "bearer");
    return json({ success: true, message: "Login successful.", token, user: { id: staff.id, username: staff.username } });
  } catch (error) {
    if (error instanceof LoginRefused) {
      return error.status === 429
        ? tooManyRequests(error.retryAfterSeconds ?? 60, tooManyLoginsMessage(error.retryAfterSeconds ?? 60))
        : json({ success: false, message: invalidCredentialsMessage }, 401);
    }
    return failure(error, "Login failed");
  }
}
