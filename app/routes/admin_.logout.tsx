import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Form, Link } from "react-router";
import { LoginCard } from "~/components/admin/login-card";
import { primaryButton, secondaryButton } from "~/components/admin/ui";
import { loggedOutToast, logoutFailedToast } from "~/content/messages/admin-messages";
import { endCookieSession, requireSameOrigin, staffFromCookie } from "~/server/auth.server";
import { isDatabaseOutage, nothingOnOutage } from "~/server/database-outage.server";
import { pageTitle } from "~/utils/meta";
import { redirectWithToast } from "~/server/toast.server";

const clearSiteData = '"cache", "storage"';

/** Logging out changes state, so a GET only asks; nobody can log a staff member out with a link. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await staffFromCookie(request).catch(nothingOnOutage))) throw redirect("/admin/login");
  return null;
}

/**
 * Revokes the session on the server and clears the cookie. When the database is down the session
 * cannot be revoked, so the cookie stays and the login page says to try again; any other error is
 * a fault of ours and goes to the error handler.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  try {
    const headers = new Headers(await endCookieSession(request));
    // Nothing of the session stays on the device: no cached page, no IndexedDB, no service worker.
    headers.set("clear-site-data", clearSiteData);
    return redirectWithToast("/admin/login", loggedOutToast, { headers, status: 303 });
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return redirectWithToast("/admin/login", logoutFailedToast, { status: 303 });
  }
}

export default function AdminLogoutPage() {
  return (
    <LoginCard title="Log out?">
      <Form method="post" className="mt-6 flex gap-3">
        <button type="submit" className={primaryButton}>
          Logout
        </button>
        <Link to="/admin/dashboard" className={secondaryButton}>
          Cancel
        </Link>
      </Form>
    </LoginCard>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Log Out") },
  { name: "robots", content: "noindex" },
];
