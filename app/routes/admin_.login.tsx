import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AdminToastProvider } from "~/components/admin/admin-toasts";
import { primaryButton } from "~/components/admin/ui";
import { Field, inputClass } from "~/components/forms/field";
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
  return { redirectTo };
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
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Still "in flight" while the redirect after a successful login loads.
  const loggingIn = useNavigation().formData !== undefined;
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  // The server never sends the password back; with JavaScript the field is emptied the same way.
  const { update } = form;
  useEffect(() => {
    if (actionData) update({ name: fields.password.name, value: "" });
  }, [actionData, update, fields.password.name]);

  return (
    <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id={fields.username.id} label="Username" required errorId={fields.username.errorId} errors={fields.username.errors}>
        <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" autoCapitalize="none" spellCheck={false} className={inputClass} />
      </Field>
      <Field id={fields.password.id} label="Password" required errorId={fields.password.errorId} errors={fields.password.errors}>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClass} />
      </Field>
      <button type="submit" disabled={loggingIn} className={`${primaryButton} w-full py-3 text-base`}>
        {loggingIn ? "Logging In..." : "Login"}
      </button>
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
