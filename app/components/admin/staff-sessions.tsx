import { Form } from "react-router";
import type { SessionView } from "~/types/staff";
import { secondaryButton } from "./ui";

const devicesText = (n: number) =>
  n === 0 ? "Not signed in" : `Signed in on ${n} ${n === 1 ? "device" : "devices"}`;

/**
 * An account's live sessions, each with when it signed in, when it was last used and an End
 * button; End all when there are several. The forms post to the page's own action (the Staff
 * page for the owner, Account & Security for one's own).
 */
export function StaffSessions({
  accountId,
  username,
  sessions,
}: {
  accountId: number;
  username: string;
  sessions: SessionView[];
}) {
  return (
    <div data-testid="staff-sessions">
      <p className="text-sm font-medium text-slate-700">{devicesText(sessions.length)}</p>
      {sessions.length ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {sessions.map((session) => (
            <li
              key={session.ref}
              data-testid="staff-session"
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 text-xs font-normal text-slate-500">(this browser)</span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600">
                  Signed in {session.signedIn} · last seen {session.lastSeen}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="end_session" />
                <input type="hidden" name="id" value={accountId} />
                <input type="hidden" name="session" value={session.ref} />
                <button type="submit" className={`${secondaryButton} min-h-10 px-3`}>
                  End
                  <span className="sr-only">
                    {" "}
                    the session of {username} on {session.device}, last seen {session.lastSeen}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {sessions.length > 1 ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="end_sessions" />
          <input type="hidden" name="id" value={accountId} />
          <button type="submit" className={`${secondaryButton} min-h-10`}>
            End all sessions<span className="sr-only"> of {username}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}
