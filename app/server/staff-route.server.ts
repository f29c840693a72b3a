import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import type { z, ZodTypeAny } from "zod";
import type { Staff } from "~/models/staff-session.server";
import { data } from "react-router";
import { requireStaff, staffFromBearer } from "~/server/auth.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import {
  failure,
  json,
  postOnly,
  readJsonObject,
  validationFailed,
  withIfMatch,
} from "~/server/legacy-api.server";
import { unavailableFor } from "~/server/unavailable.server";
import { may, refusedMessage, type Permission } from "~/utils/staff-permissions";

/*
 * The staff guards, in one place. Every /admin page's loader and action is wrapped in
 * `staffLoader` or `staffAction`, every legacy /api/admin/*.php door in `staffDoor`, `staffPost`
 * or `staffJsonPost`: the session is checked before the route's own code runs, and a database
 * that does not answer becomes the answer staff already know (a 503 page, a toast, a JSON 503),
 * never a 500. A guard that names a permission (app/utils/staff-permissions.ts) answers 403 with
 * what the staff member's role cannot do to everyone whose role lacks it.
 */

/** A route's arguments with the signed-in staff member. */
export type StaffArgs<Args> = Args & { staff: Staff };

type Guard = {
  /** Only roles with this permission may use it: others get a 403 saying so. */
  may?: Permission;
};

/**
 * Refuses (403, the message as the page's error) a staff member whose role lacks `permission`.
 * For a route whose forms need different permissions, called with the one the form needs.
 */
export function requirePermission(staff: Staff, permission: Permission | undefined) {
  if (permission && !may(staff.role, permission))
    throw data(refusedMessage(staff.role, permission), { status: 403 });
}

/**
 * A live cookie session (and, for a change, a request from this site), or the login page; with
 * STAFF_2FA=required, the page that sets up a second factor. A database that does not answer
 * while the session is checked makes the page a 503 with the usual "short hiccup" message. Then
 * the role's permission, if the guard names one.
 */
async function signedIn({ request, context }: LoaderFunctionArgs, guard: Guard) {
  const staff = await requireStaff(request).catch(unavailableFor(context));
  requirePermission(staff, guard.may);
  return staff;
}

/**
 * An /admin loader: the staff member first, then `load`. A query `load` makes that the database
 * does not answer makes the page a 503 that says `unavailable` (by default the usual "short
 * hiccup" message); a redirect, a 404 or any other answer `load` throws passes unchanged.
 */
export function staffLoader<Result>(
  load: (args: StaffArgs<LoaderFunctionArgs>) => Promise<Result>,
  { unavailable, ...guard }: Guard & { unavailable?: string } = {},
): (args: LoaderFunctionArgs) => Promise<Result> {
  return async (args) => {
    const staff = await signedIn(args, guard);
    return load({ ...args, staff }).catch(unavailableFor(args.context, unavailable));
  };
}

/**
 * An /admin action: the staff member and a request from this site first, then `act`. With
 * `outage`, a database that does not answer while `act` runs is answered by it (the page again
 * with an error toast); without, `act` answers outages itself (a form comes back with what was
 * typed).
 */
export function staffAction<Result, Outage = never>(
  act: (args: StaffArgs<ActionFunctionArgs>) => Promise<Result>,
  {
    outage,
    ...guard
  }: Guard & { outage?: (args: StaffArgs<ActionFunctionArgs>) => Promise<Outage> } = {},
): (args: ActionFunctionArgs) => Promise<Result | Outage> {
  return async (args) => {
    const staffArgs = { ...args, staff: await signedIn(args, guard) };
    if (!outage) return act(staffArgs);
    try {
      return await act(staffArgs);
    } catch (error) {
      if (!isDatabaseOutage(error)) throw error;
      return outage(staffArgs);
    }
  };
}

const unauthorized = () => json({ success: false, message: "Unauthorized" }, 401);

/**
 * A legacy /api/admin/*.php door: a live bearer token or 401, the role's `permission` or 403,
 * then the handler. Malformed bodies answer 4xx and a database outage 503 with the endpoint's
 * failure message, never a 500.
 */
export async function staffDoor(
  request: Request,
  failureMessage: string,
  handler: (staff: Staff) => Promise<Response>,
  permission?: Permission,
): Promise<Response> {
  try {
    const staff = await staffFromBearer(request);
    if (!staff) return unauthorized();
    if (permission && !may(staff.role, permission))
      return json({ success: false, message: refusedMessage(staff.role, permission) }, 403);
    return await handler(staff);
  } catch (error) {
    return failure(error, failureMessage);
  }
}

/** A legacy admin door that changes something: POST only, then `staffDoor`. */
export const staffPost = (
  failureMessage: string,
  handler: (staff: Staff, request: Request) => Promise<Response>,
  permission?: Permission,
) =>
  postOnly(({ request }) =>
    staffDoor(request, failureMessage, (staff) => handler(staff, request), permission),
  );

/**
 * A legacy admin door whose JSON body `schema` checks (a 422 naming each field otherwise). A
 * version in `If-Match` counts as the body's `version`.
 */
export const staffJsonPost = <Schema extends ZodTypeAny>(
  schema: Schema,
  failureMessage: string,
  handler: (staff: Staff, data: z.output<Schema>, request: Request) => Promise<Response>,
  permission?: Permission,
) =>
  staffPost(
    failureMessage,
    async (staff, request) => {
      const parsed = schema.safeParse(withIfMatch(request, await readJsonObject(request)));
      if (!parsed.success) return validationFailed(parsed.error);
      return handler(staff, parsed.data, request);
    },
    permission,
  );
