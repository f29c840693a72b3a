import type { SubmissionResult } from "@conform-to/react";
import { data, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { useId } from "react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { StaffPasswordForm } from "~/components/admin/staff-password-form";
import { dangerButton, panel, primaryButton, secondaryButton } from "~/components/admin/ui";
import { ErrorSummary } from "~/components/forms/error-summary";
import { inputClass } from "~/components/forms/field";
import { useActionToast } from "~/components/toaster";
import { brand } from "~/config/shop";
import {
  adminMessages,
  errorToast,
  invalidCodeMessage,
  successToast,
} from "~/content/messages/admin-messages";
import { LoginRefused, loginDoor, verifySecondFactor } from "~/server/auth.server";
import type { Staff } from "~/models/staff-session.server";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { formatShopDateTime } from "~/utils/shop-time";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorRequired,
  twoFactorState,
} from "~/models/two-factor.server";
import { changeOwnPasswordAction } from "~/routes/staff-actions.server";
import { recoveryCodeCount, securityPath } from "~/utils/two-factor-settings";
import { securityActionSchema, type SecurityAction } from "~/schemas/two-factor";
import { parseForm } from "~/server/form-reply.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { endSessionsAction, sessionViews } from "~/routes/staff-sessions.server";
import { StaffSessions } from "~/components/admin/staff-sessions";

export const loader = staffLoader(
  async ({ request, staff }) => {
    const [state, sessions] = await Promise.all([
      twoFactorState(staff),
      sessionViews(request, [staff.id]),
    ]);
    return {
      id: staff.id,
      sessions: sessions.get(staff.id) ?? [],
      username: staff.username,
      required: twoFactorRequired(),
      state: state.enabled ? { ...state, enabledAt: formatShopDateTime(state.enabledAt) } : state,
    };
  },
  { unavailable: adminMessages.loadSecurityFailed },
);

/** Recovery codes and the key to type in are secrets: never kept by a cache. */
export const headers = privatePageHeaders;

type Outcome = {
  intent: SecurityAction["intent"] | undefined;
  result: SubmissionResult<string[]>;
  recoveryCodes?: string[];
};

async function codeIsRight(request: Request, clientIp: string, staff: Staff, code: string) {
  try {
    await verifySecondFactor(staff, code, await loginDoor(request, clientIp, staff.username));
    return { right: true as const };
  } catch (error) {
    if (error instanceof LoginRefused)
      return { right: false as const, message: error.message, status: error.status };
    throw error;
  }
}

export const action = staffAction(
  async ({ request, context, staff }) => {
    const formData = await request.formData();
    const intent = formData.get("intent");
    if (intent === "change_password")
      return changeOwnPasswordAction(request, context, staff, formData);
    if (intent === "end_session" || intent === "end_sessions")
      return endSessionsAction(request, formData, staff, { backTo: securityPath, owner: false });
    const submission = parseForm(formData, securityActionSchema);
    if (submission.status !== "success") {
      const intent = submission.payload.intent;
      const known = securityActionSchema.options.some((o) => o.shape.intent.value === intent);
      return data<Outcome>(
        {
          intent: known ? (intent as SecurityAction["intent"]) : undefined,
          result: submission.reply(),
        },
        { status: 400 },
      );
    }
    const input = submission.value;
    const refuse = (message: string, status = 400) => {
      toastForThisRequest(context, errorToast(message));
      return data<Outcome>(
        {
          intent: input.intent,
          result: submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }),
        },
        { status },
      );
    };
    const done = (message: string) =>
      redirectWithToast(securityPath, successToast(message), { status: 303 });
    // Shown once, in this answer only: the page reloads without them.
    const showCodes = (recoveryCodes: string[], message: string) => {
      toastForThisRequest(context, successToast(message));
      return data<Outcome>({
        intent: input.intent,
        result: submission.reply({ resetForm: true }),
        recoveryCodes,
      });
    };

    switch (input.intent) {
      case "begin":
        await beginEnrolment(staff.id);
        return done("Scan the QR code, then enter the code your app shows.");
      case "cancel":
        await cancelEnrolment(staff.id);
        return done(adminMessages.twoFactorCancelled);
      case "confirm": {
        const codes = await confirmEnrolment(staff, input.code);
        return codes ? showCodes(codes, adminMessages.twoFactorOn) : refuse(invalidCodeMessage);
      }
      case "regenerate": {
        const check = await codeIsRight(request, context.clientIp, staff, input.code);
        if (!check.right) return refuse(check.message, check.status);
        return showCodes(
          await regenerateRecoveryCodes(staff.id),
          adminMessages.recoveryCodesReplaced,
        );
      }
      case "disable": {
        if (twoFactorRequired()) return refuse(adminMessages.twoFactorStillRequired, 409);
        const check = await codeIsRight(request, context.clientIp, staff, input.code);
        if (!check.right) return refuse(check.message, check.status);
        await disableTwoFactor(staff.id);
        return done(adminMessages.twoFactorOff);
      }
    }
  },
  {
    outage: () =>
      redirectWithToast(securityPath, errorToast(adminMessages.securityUpdateFailed), {
        status: 303,
      }),
  },
);

/**
 * A code field and its button; the error shows in the form whose button was pressed, in its summary
 * and under the field.
 */
function CodeForm({
  intent,
  label,
  button,
  buttonClass,
  outcome,
}: {
  intent: SecurityAction["intent"];
  label: string;
  button: string;
  buttonClass: string;
  outcome?: Outcome;
}) {
  const id = useId();
  const error = outcome?.intent === intent ? outcome.result.error?.code?.[0] : undefined;
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <div className="w-full empty:hidden">
        <ErrorSummary
          form={{
            errorId: `${id}-errors`,
            summary: error ? [{ message: error, href: `#${id}-code` }] : [],
          }}
        />
      </div>
      <div className="w-full max-w-xs">
        <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          type="text"
          required
          maxLength={32}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass}>
        {button}
      </button>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-heading"
      className={`${panel} mt-6 border-amber-300 bg-amber-50`}
    >
      <h2 id="recovery-heading" className="text-lg font-semibold text-slate-900">
        Save your recovery codes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Each code signs you in once if your phone is lost. They are shown only now: print them or
        keep them in a password manager.
      </p>
      <ol
        data-testid="recovery-codes"
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base text-slate-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Link to={securityPath} className={`${primaryButton} mt-4`}>
        I have saved them
      </Link>
    </section>
  );
}

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export default function AdminSecurityPage() {
  const { id, sessions, username, required, state } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const passwordAnswer = answer?.intent === "change_password" ? answer : undefined;
  const outcome = answer?.intent === "change_password" ? undefined : answer;
  useActionToast(passwordAnswer?.toast);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Account &amp; Security</h1>
      <p className="mt-1 text-sm text-slate-600">
        Signed in as {username}: your password and two-factor sign-in.
      </p>
      {outcome?.recoveryCodes ? <RecoveryCodes codes={outcome.recoveryCodes} /> : null}
      <StaffPasswordForm lastResult={passwordAnswer?.result} />
      <section aria-labelledby="two-factor-heading" className={`${panel} mt-6 max-w-3xl`}>
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-factor sign-in: {state.enabled ? "on" : "off"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          After the password, a code from an authenticator app on your phone.
        </p>
        {state.enabled ? (
          <>
            <p className="mt-1 text-sm text-slate-700">
              On since {state.enabledAt}. {state.recoveryCodesLeft} of {recoveryCodeCount} recovery
              codes left.
            </p>
            <h3 className="mt-6 font-semibold text-slate-900">New recovery codes</h3>
            <p className="text-sm text-slate-600">
              Makes ten new codes; the old ones stop working.
            </p>
            <CodeForm
              intent="regenerate"
              label="Code from your app or a recovery code"
              button="Make new codes"
              buttonClass={secondaryButton}
              outcome={outcome}
            />
            {required ? (
              <p className="mt-6 text-sm text-slate-600">
                Two-factor sign-in is required for every staff account here.
              </p>
            ) : (
              <>
                <h3 className="mt-6 font-semibold text-slate-900">Turn off</h3>
                <p className="text-sm text-slate-600">
                  Your password alone will sign you in again.
                </p>
                <CodeForm
                  intent="disable"
                  label="Code to turn it off"
                  button="Turn off"
                  buttonClass={dangerButton}
                  outcome={outcome}
                />
              </>
            )}
          </>
        ) : state.pending ? (
          <>
            <ol className="mt-3 list-decimal space-y-4 pl-5 text-sm text-slate-700">
              <li>
                Scan this QR code with an authenticator app (Google Authenticator, Microsoft
                Authenticator, 1Password, Aegis…).
                <img
                  src={state.pending.qrCode}
                  alt={`QR code to add ${brand.name} (${username}) to an authenticator app`}
                  width={200}
                  height={200}
                  className="mt-3 block h-[200px] w-[200px] bg-white"
                />
              </li>
              <li>
                Can&apos;t scan it? Add the account by hand with this key (time-based, 6 digits,
                every 30 seconds):
                <code
                  data-testid="totp-secret"
                  className="mt-2 block rounded-md bg-slate-100 p-3 font-mono text-base break-all text-slate-900"
                >
                  {grouped(state.pending.secret)}
                </code>
              </li>
              <li>
                Enter the code the app shows now to turn two-factor sign-in on.
                <CodeForm
                  intent="confirm"
                  label="Code from your app"
                  button="Turn on"
                  buttonClass={primaryButton}
                  outcome={outcome}
                />
              </li>
            </ol>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className={secondaryButton}>
                Cancel set-up
              </button>
            </Form>
          </>
        ) : (
          <>
            {required ? (
              <p
                role="alert"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              >
                Two-factor sign-in is required for staff accounts. Set it up to reach the other
                admin pages.
              </p>
            ) : null}
            <p className="mt-3 text-sm text-slate-700">
              You will need a phone with an authenticator app. It takes a minute.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="begin" />
              <button type="submit" className={primaryButton}>
                Set up authenticator app
              </button>
            </Form>
          </>
        )}
      </section>
      <section aria-labelledby="sessions-heading" className={`${panel} mt-6 max-w-3xl`}>
        <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
          Where you are signed in
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">
          End a session you do not recognise, or one on a device you no longer use.
        </p>
        <StaffSessions accountId={id} username={username} sessions={sessions} />
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Account & Security") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = AdminErrorBoundary;
