import { staffPost } from "~/server/staff-route.server";
import { bearerToken } from "~/server/auth.server";
import { revokeSession } from "~/models/staff-session.server";
import { json, methodNotAllowed } from "~/server/legacy-api.server";

export const loader = () => methodNotAllowed("POST");

/** Revokes the bearer token on the server: it is refused from now on, wherever it is replayed. */
export const action = staffPost(
  "Could not log out from the server. Please try again.",
  async (_staff, request) => {
    await revokeSession(bearerToken(request));
    return json({ success: true });
  },
);
