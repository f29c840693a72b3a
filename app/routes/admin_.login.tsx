import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { LoginCard } from "~/components/admin/login-card";
import { InputField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { brand } from "~/config/shop";
import { loginFailedToast } from "~/content/messages/admin-messages";
import { passwordAuthenticator, requireSameOrigin, staffFromCookie } from "~/server/auth.server";
import { nothingOnOutage } from "~/server/database-outage.server";
import { startPendingLogin } from "~/server/login-cookies.server";
import { pageTitle } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/return-path";
import { toastForThisRequest } from "~/server/toast.server";
import { twoFactorRequired } from "~/models/two-factor.server";
import { securityPath } from "~/utils/two-factor-settings";
import { loginSchema } from "~/schemas/admin-login";
import { parseForm } from "~/server/form-reply.server";
import { loginStep, signedIn } from "~/routes/login-form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  // Already signed in: straight on. A database hiccup here just shows the form.
  if (await staffFromCookie(request).catch(nothingOnOutage)) throw redirect(redirectTo);
  return { redirectTo, constraint: getZodConstraint(loginSchema) };
}

/**
 * The password step. An account with a second factor goes on to the code step with a short-lived
 * signed cookie that opens nothing by itself; any other account gets its session here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  // The form strategy reads the body itself; Conform gets a copy to answer with.
  const submission = parseForm(await request.clone().formData(), loginSchema);
  const reply = () => submission.reply({ hideFields: ["password"] });
  const fail = (status: number, description?: string) => {
    const toast = loginFailedToast(description);
    toastForThisRequest(context, toast);
    return data({ result: reply(), toast }, { status });
  };
  if (submission.status !== "success")
    return data({ result: reply(), toast: undefined }, { status: 400 });

  const redirectTo = safeRedirectPath(submission.value.redirectTo);
  return loginStep(fail, async () => {
    const staff = await passwordAuthenticator(context.clientIp).authenticate("form", request);
    if (staff.twoFactor) {
      const cookie = await startPendingLogin({
        staffId: staff.id,
        username: staff.username,
        redirectTo,
      });
      return redirect("/admin/login/code", { status: 303, headers: { "set-cookie": cookie } });
    }
    return signedIn(request, staff, twoFactorRequired() ? securityPath : redirectTo);
  });
}

function LoginForm() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  // Checked on the server only, like every form here (docs/decisions/0004).
  const { form, field } = useFormReply<z.input<typeof loginSchema>>(actionData?.result, {
    constraint,
  });
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
      <ErrorSummary form={form} />
      <InputField
        field={username}
        label="Username"
        required
        inputProps={{
          type: "text",
          autoComplete: "username",
          autoCapitalize: "none",
          spellCheck: false,
        }}
      />
      <InputField
        field={password}
        label="Password"
        required
        inputProps={{ ref: passwordRef, type: "password", autoComplete: "current-password" }}
      />
      <SubmitButton label="Login" pendingLabel="Logging In..." className="w-full" />
    </Form>
  );
}

export default function AdminLoginPage() {
  return (
    <LoginCard title={`${brand.name} Staff Login`} intro={<p>For shop staff only.</p>}>
      <LoginForm />
    </LoginCard>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Admin Login") },
  { name: "robots", content: "noindex" },
];
