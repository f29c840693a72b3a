import { codeRequiredMessage, enrolmentRequiredMessage } from "~/content/messages/admin-messages";
import {
  LoginRefused,
  loginDoor,
  verifyCredentials,
  verifySecondFactor,
} from "~/server/auth.server";
import { startSession } from "~/models/staff-session.server";
import { json, jsonPost, methodNotAllowed, tooManyRequests } from "~/server/legacy-api.server";
import { twoFactorRequired } from "~/models/two-factor.server";
import { loginSchema } from "~/schemas/admin-login";

export const loader = () => methodNotAllowed("POST");

/**
 * The legacy login: an opaque bearer token for the other /api/admin endpoints, stored hashed.
 * Same throttles as the form; an account with a second factor sends its code as `code` in the
 * same body, and with STAFF_2FA=required an account without one gets no token.
 */
export const action = jsonPost(loginSchema, "Login failed", async (login, { request, context }) => {
  try {
    const door = await loginDoor(request, context.clientIp, login.username);
    const staff = await verifyCredentials(login.username, login.password, door);
    if (staff.twoFactor) {
      if (!login.code)
        return json({ success: false, message: codeRequiredMessage, codeRequired: true }, 401);
      await verifySecondFactor(staff, login.code, door);
    } else if (twoFactorRequired()) {
      return json({ success: false, message: enrolmentRequiredMessage }, 403);
    }
    const token = await startSession(
      staff.id,
      "bearer",
      new Date(),
      request.headers.get("user-agent"),
    );
    return json({
      success: true,
      message: "Login successful.",
      token,
      user: { id: staff.id, username: staff.username },
    });
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    return error.status === 429
      ? tooManyRequests(error.retryAfterSeconds ?? 60, error.message)
      : json({ success: false, message: error.message }, 401);
  }
});
