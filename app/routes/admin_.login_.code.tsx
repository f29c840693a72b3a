import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { z } from "zod";
import { LoginCard } from "~/components/admin/login-card";
import { InputField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { loginExpiredToast, loginFailedToast } from "~/content/messages/admin-messages";
import { loginDoor, requireSameOrigin, verifySecondFactor } from "~/server/auth.server";
import { pendingLogin } from "~/server/login-cookies.server";
import { pageTitle } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/return-path";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import { loginCodeSchema } from "~/schemas/two-factor";
import { parseForm } from "~/server/form-reply.server";
import { loginStep, signedIn } from "~/routes/login-form.server";

/**
 * Without a password step in the last few minutes there is nothing to finish: back to the start.
 */
async function requirePendingLogin(request: Request) {
  const pending = await pendingLogin(request);
  if (!pending)
    throw await redirectWithToast("/admin/login", loginExpiredToast, {
      status: request.method === "GET" ? 302 : 303,
    });
  return pending;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { username } = await requirePendingLogin(request);
  return { username, constraint: getZodConstraint(loginCodeSchema) };
}

/** The second step: the session is created only here, once the code is right. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const pending = await requirePendingLogin(request);
  const submission = parseForm(await request.formData(), loginCodeSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), toast: undefined }, { status: 400 });
  const fail = (status: number, description: string) => {
    const toast = toastForThisRequest(context, loginFailedToast(description));
    return data(
      {
        result: submission.reply({ fieldErrors: { code: [description] }, hideFields: ["code"] }),
        toast,
      },
      { status },
    );
  };

  const staff = { id: pending.staffId, username: pending.username };
  return loginStep(fail, async () => {
    await verifySecondFactor(
      staff,
      submission.value.code,
      await loginDoor(request, context.clientIp, staff.username),
    );
    return signedIn(request, staff, safeRedirectPath(pending.redirectTo));
  });
}

function CodeForm() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const { form, field } = useFormReply<z.input<typeof loginCodeSchema>>(actionData?.result, {
    constraint,
  });
  const code = field("code");
  // A phone's number pad cannot type a recovery code's letters, so that case gets its own view (a
  // plain link: no JS needed).
  const recovery = useSearchParams()[0].get("use") === "recovery";
  return (
    <Form method="post" className="mt-6 space-y-4" {...form.props}>
      <ErrorSummary form={form} />
      {recovery ? (
        <InputField
          field={code}
          label="Recovery code"
          required
          hint="One of the codes you saved when you set up the app, e.g. abcde-23456."
          inputProps={{
            type: "text",
            autoComplete: "off",
            autoCapitalize: "none",
            spellCheck: false,
          }}
        />
      ) : (
        <InputField
          field={code}
          label="Code"
          required
          inputProps={{
            type: "text",
            inputMode: "numeric",
            autoComplete: "one-time-code",
            spellCheck: false,
          }}
        />
      )}
      <SubmitButton label="Verify" pendingLabel="Verifying..." className="w-full" />
      <p className="text-center text-sm">
        <Link
          to={recovery ? "/admin/login/code" : "/admin/login/code?use=recovery"}
          className="inline-block py-1 font-medium text-brand-700 underline hover:text-brand-800"
        >
          {recovery
            ? "Use the code from your app instead"
            : "No phone at hand? Use a recovery code"}
        </Link>
      </p>
    </Form>
  );
}

export default function AdminLoginCodePage() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <LoginCard
      title="Enter your code"
      intro={
        <p>
          Signing in as <strong className="font-semibold text-slate-800">{username}</strong>. Open
          your authenticator app and enter the 6-digit code it shows for this account.
        </p>
      }
    >
      <CodeForm />
      <p className="mt-4 text-center text-sm">
        <Link
          to="/admin/login"
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          Start again
        </Link>
      </p>
    </LoginCard>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Login Code") },
  { name: "robots", content: "noindex" },
];
