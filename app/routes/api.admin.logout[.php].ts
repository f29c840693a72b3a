import type { ActionFunctionArgs } from "@remix-run/node";
import { withStaffToken } from "~/server/admin-api.server";
import { bearerToken, revokeSession } from "~/server/auth.server";
import { json, methodNotAllowed } from "~/server/legacy-api.server";

export const loader = () => methodNotAllowed("POST");

/** Revokes the bearer token on the server: it is refused from now on, wherever it is replayed. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withStaffToken(
    request,
    "Could not log out from the server. Please try again.",
    async () => {
      await revokeSession(bearerToken(request));
      return json({ success: true });
    },
  );
}
