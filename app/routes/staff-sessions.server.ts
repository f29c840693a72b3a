import { data } from "react-router";
import type { Staff } from "~/models/staff-session.server";
import { liveSessions } from "~/models/staff-session.server";
import { endStaffSessions } from "~/models/staff-user.server";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { endSessionsSchema } from "~/schemas/staff";
import { cookieSessionRef, endCookieSession } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import type { SessionView } from "~/types/staff";
import { deviceSummary } from "~/utils/device-summary";
import { formatClock } from "~/utils/clock";
import { formatShopDate, formatShopDateTime, shopMinutesNow } from "~/utils/shop-time";

/** Each account's live sessions as the page lists them, the browser asking marked as current. */
export async function sessionViews(
  request: Request,
  staffUserIds: number[],
): Promise<Map<number, SessionView[]>> {
  const [sessions, current] = await Promise.all([
    liveSessions(staffUserIds),
    cookieSessionRef(request),
  ]);
  const views = new Map<number, SessionView[]>();
  for (const session of sessions) {
    const device = deviceSummary(session.userAgent);
    const list = views.get(session.staffUserId) ?? [];
    list.push({
      ref: session.ref,
      device: session.kind === "bearer" ? `API token (${device})` : device,
      signedIn: formatShopDateTime(session.createdAt),
      // The same day twice reads as noise: "last seen 3:12 PM" after "Signed in Nov 27, …".
      lastSeen:
        formatShopDate(session.lastSeenAt) === formatShopDate(session.createdAt)
          ? formatClock(shopMinutesNow(session.lastSeenAt))
          : formatShopDateTime(session.lastSeenAt),
      current: session.ref === current,
    });
    views.set(session.staffUserId, list);
  }
  return views;
}

const messages = {
  unknown: "That form is not known here. Reload the page and try again.",
  gone: "That session had already ended.",
  notFound: "Staff account not found.",
  signedOut: "You ended this browser's session, so you are signed out.",
};

/**
 * "End" and "End all sessions": the sessions end at once (the next request of that browser or
 * token lands on the login), with an audit entry. `owner` ends any account's; without it, the
 * staff member's own (Account & Security). Ending the browser's own session signs it out here.
 */
export async function endSessionsAction(
  request: Request,
  formData: FormData,
  staff: Staff,
  { backTo, owner }: { backTo: string; owner: boolean },
) {
  const parsed = endSessionsSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data(messages.unknown, { status: 400 });
  const ref = parsed.data.intent === "end_session" ? parsed.data.session : undefined;
  const id = owner ? parsed.data.id : staff.id;
  // Read before the session ends: afterwards the cookie names nothing.
  const current = id === staff.id ? await cookieSessionRef(request) : undefined;
  const result = await endStaffSessions(staff, id, ref);
  if (result === "not_found") throw data(messages.notFound, { status: 404 });
  if (!result.ended) return redirectWithToast(backTo, errorToast(messages.gone), { status: 303 });
  if (current && (ref === undefined || ref === current))
    return redirectWithToast("/admin/login", successToast(messages.signedOut), {
      status: 303,
      headers: await endCookieSession(request),
    });
  const ended = result.ended === 1 ? "1 session" : `${result.ended} sessions`;
  return redirectWithToast(
    backTo,
    successToast(
      id === staff.id
        ? `Ended ${ended} of yours.`
        : `Ended ${ended} of ${result.username}: signed out there at once.`,
    ),
    { status: 303 },
  );
}
