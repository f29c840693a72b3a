import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { AdminToastProvider } from "~/components/admin/admin-toasts";
import { Field, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { brand } from "~/config/shop";
import { loginFailedToast, loginSucceededToast, tooManyLoginsMessage } from "~/lib/admin-messages";
import {
  authenticator,
  hitLoginRateLimit,
  LoginRefused,
  requireSameOrigin,
  safeRedirectPath,
  startCookieSession,
  staffFromCookie,
} from "~/lib/auth.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast, toastForThisRequest } from "~/lib/toast.server";
import { loginSchema } from "~/schemas/admin-login";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  // Already signed in: straight on. A database hiccup here just shows the form.
  if (await staffFromCookie(request).catch(() => undefined)) throw redirect(redirectTo);
  return { redirectTo, constraint: getZodConstraint(loginSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  // The form strategy reads the body itself; Conform gets a copy to answer with.
  const submission = parseWithZod(await request.clone().formData(), { schema: loginSchema });
  const reply = () => submission.reply({ hideFields: ["password"] });
  const fail = (status: number, description?: string) => {
    const toast = loginFailedToast(description);
    toastForThisRequest(context, toast);
    return data({ result: reply(), toast }, { status });
  };
  if (submission.status !== "success") return data({ result: reply(), toast: undefined }, { status: 400 });

  try {
    const limit = await hitLoginRateLimit(context.clientIp);
    if (!limit.allowed) return fail(429, tooManyLoginsMessage(limit.retryAfterSeconds));
    const staff = await authenticator.authenticate("form", request);
    const headers = await startCookieSession(request, staff);
    return redirectWithToast(safeRedirectPath(submission.value.redirectTo), loginSucceededToast, { headers, status: 303 });
  } catch (error) {
    if (error instanceof LoginRefused) {
      return fail(error.status, error.status === 429 ? tooManyLoginsMessage(error.retryAfterSeconds ?? 60) : undefined);
    }
    return fail(503, "Login failed. Please try again in a moment.");
  }
}

function LoginForm() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  // Checked on the server only, like every form here (docs/decisions/0004).
  const { form, field } = useFormReply<z.input<typeof loginSchema>>(actionData?.result, { constraint });
  const username = field("username");
  const password = field("password");
  // The server never sends the password back; with JavaScript the field is emptied the same way.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);

  return (
    <Form method="post" className="mt-6 space-y-4" {...form.props}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id={username.id} label="Username" required errorId={username.errorId} errors={username.errors}>
        <input {...username.props} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} className={inputClass} />
      </Field>
      <Field id={password.id} label="Password" required errorId={password.errorId} errors={password.errors}>
        <input {...password.props} ref={passwordRef} type="password" autoComplete="current-password" className={inputClass} />
      </Field>
      <SubmitButton label="Login" pendingLabel="Logging In..." className="w-full" />
    </Form>
  );
}

export default function AdminLoginPage() {
  return (
    <AdminToastProvider>
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
        <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow">
          <h1 className="text-2xl font-bold text-slate-900">{brand.name} Staff Login</h1>
          <p className="mt-1 text-sm text-slate-600">For shop staff only.</p>
          <LoginForm />
        </div>
      </main>
    </AdminToastProvider>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Admin Login") }, { name: "robots", content: "noindex" }];
