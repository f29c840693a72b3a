import { loginSucceededToast } from "~/content/messages/admin-messages";
import { LoginRefused, startCookieSession } from "~/server/auth.server";
import type { Staff } from "~/models/staff-session.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * A step of the login form: its redirect, or the form again with the message for a refusal
 * (wrong password or code, a throttle) or a database outage. Anything else is a fault of ours
 * and goes to the error handler.
 */
export async function loginStep<Failed>(
  fail: (status: number, description: string) => Failed,
  step: () => Promise<Response>,
): Promise<Response | Failed> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof LoginRefused) return fail(error.status, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return fail(503, "Login failed. Please try again in a moment.");
  }
}

/** Signs the staff member in on this browser and goes on to `to` with the success toast. */
export async function signedIn(
  request: Request,
  staff: Pick<Staff, "id" | "username">,
  to: string,
) {
  const headers = await startCookieSession(request, staff);
  return redirectWithToast(to, loginSucceededToast, { headers, status: 303 });
}
