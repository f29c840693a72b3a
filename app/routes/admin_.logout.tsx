import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { AdminToastProvider } from "~/components/admin/admin-toasts";
import { primaryButton, secondaryButton } from "~/components/admin/ui";
import { loggedOutToast, logoutFailedToast } from "~/lib/admin-messages";
import { endCookieSession, requireSameOrigin, staffFromCookie } from "~/lib/auth.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/** Logging out changes state, so a GET only asks; nobody can log a staff member out with a link. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await staffFromCookie(request).catch(() => undefined))) throw redirect("/admin/login");
  return null;
}

/** Revokes the session on the server and clears the cookie; the login page follows either way. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  try {
    const headers = await endCookieSession(request);
    return redirectWithToast("/admin/login", loggedOutToast, { headers, status: 303 });
  } catch {
    return redirectWithToast("/admin/login", logoutFailedToast, { status: 303 });
  }
}

export default function AdminLogoutPage() {
  return (
    <AdminToastProvider>
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
        <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow">
          <h1 className="text-2xl font-bold text-slate-900">Log out?</h1>
          <Form method="post" className="mt-6 flex gap-3">
            <button type="submit" className={primaryButton}>
              Logout
            </button>
            <Link to="/admin/dashboard" className={secondaryButton}>
              Cancel
            </Link>
          </Form>
        </div>
      </main>
    </AdminToastProvider>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Log Out") }, { name: "robots", content: "noindex" }];
