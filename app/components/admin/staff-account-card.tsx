import { Form, Link } from "react-router";
import { useId, type ReactNode } from "react";
import { ErrorSummary, messagesSummary } from "~/components/forms/error-summary";
import { inputClass } from "~/components/forms/field";
import type { SessionView, StaffOutcome } from "~/types/staff";
import { minPasswordLength } from "~/schemas/staff";
import { SaveRefused } from "./changed-meanwhile";
import { StaffSessions } from "./staff-sessions";
import { roleNames, type StaffRoleName } from "~/schemas/staff";
import { GeneratePasswordBox, RoleGuide, RoleOptions } from "./staff-fields";
import { dangerButton, primaryButton, secondaryButton } from "./ui";

type StaffAccountView = {
  id: number;
  version: number;
  username: string;
  role: StaffRoleName;
  twoFactor: boolean;
  disabled: boolean;
  created: string;
  disabledOn: string | null;
  sessions: SessionView[];
  isYou: boolean;
};

function Badge({
  tone,
  testId,
  children,
}: {
  tone: "green" | "slate" | "red" | "brand";
  testId: string;
  children: ReactNode;
}) {
  const tones = {
    green: "bg-emerald-100 text-emerald-900",
    slate: "bg-slate-100 text-slate-800",
    red: "bg-red-100 text-red-900",
    brand: "bg-brand-100 text-brand-900",
  };
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * A "…" action that opens in place: the second click, on the button inside, is the confirmation.
 */
function ActionDisclosure({
  summary,
  open,
  children,
}: {
  summary: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details
      open={open || undefined}
      className="group rounded-lg border border-slate-200 bg-slate-50 open:bg-white"
    >
      <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
        {summary}
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="border-t border-slate-200 px-3 py-3">{children}</div>
    </details>
  );
}

/** Which account a form changes, and its version as this page shows it. */
function AccountFields({ account }: { account: StaffAccountView }) {
  return (
    <>
      <input type="hidden" name="id" value={account.id} />
      <input type="hidden" name="version" value={account.version} />
    </>
  );
}

function ResetPasswordForm({
  account,
  outcome,
}: {
  account: StaffAccountView;
  outcome?: StaffOutcome;
}) {
  const id = useId();
  const mine =
    outcome?.intent === "reset_password" &&
    outcome.id === account.id &&
    !outcome.shown &&
    !outcome.conflict;
  const passwordError = mine ? outcome.result.error?.password?.[0] : undefined;
  const summary = messagesSummary(`${id}-errors`, mine ? outcome.result.error?.[""] : undefined);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="reset_password" />
      <AccountFields account={account} />
      <ErrorSummary
        form={{
          ...summary,
          summary: [
            ...summary.summary,
            ...(passwordError ? [{ message: passwordError, href: `#${id}-password` }] : []),
          ],
        }}
      />
      <p className="text-sm text-slate-700">
        {account.username} is signed out everywhere and signs in with the new password.
      </p>
      <div>
        <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-800">
          New password for {account.username}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={minPasswordLength}
          maxLength={1024}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : `${id}-password-hint`}
          className={inputClass}
        />
        {passwordError ? (
          <p id={`${id}-password-error`} className="mt-1 text-sm text-red-700">
            {passwordError}
          </p>
        ) : (
          <p id={`${id}-password-hint`} className="mt-1 text-xs text-slate-500">
            At least {minPasswordLength} characters, or leave it empty and generate one.
          </p>
        )}
      </div>
      <GeneratePasswordBox label="Generate a password for me (shown once)" />
      <button type="submit" className={dangerButton}>
        Reset password
      </button>
    </Form>
  );
}

function AccountActions({
  account,
  outcome,
}: {
  account: StaffAccountView;
  outcome?: StaffOutcome;
}) {
  const id = useId();
  const conflict = outcome?.id === account.id ? outcome.conflict : undefined;
  const refused =
    outcome?.id === account.id && outcome.intent !== "reset_password" && !conflict
      ? outcome.result.error?.[""]?.[0]
      : undefined;
  if (account.isYou) {
    return (
      <p className="text-sm text-slate-600">
        This is you. Change your password on{" "}
        <Link to="/admin/security" className="font-semibold text-brand-700 underline">
          Account &amp; Security
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid items-start gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {conflict ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <SaveRefused
            form={messagesSummary(`${id}-changed`, outcome?.result.error?.[""])}
            conflict={conflict}
          />
        </div>
      ) : null}
      {refused ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <ErrorSummary form={messagesSummary(`${id}-refused`, [refused])} />
        </div>
      ) : null}
      {account.disabled ? (
        <Form method="post">
          <input type="hidden" name="intent" value="enable" />
          <AccountFields account={account} />
          <button type="submit" className={`${secondaryButton} min-h-10 w-full`}>
            Enable<span className="sr-only"> {account.username}</span>
          </button>
        </Form>
      ) : (
        <ActionDisclosure summary="Disable…" open={false}>
          <p className="text-sm text-slate-700">
            {account.username} is signed out at once and cannot sign in until enabled again. Nothing
            they did is lost.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="disable" />
            <AccountFields account={account} />
            <button type="submit" className={dangerButton}>
              Disable {account.username}
            </button>
          </Form>
        </ActionDisclosure>
      )}
      <ActionDisclosure
        summary="Reset password…"
        open={outcome?.intent === "reset_password" && outcome.id === account.id && !outcome.shown}
      >
        <ResetPasswordForm account={account} outcome={outcome} />
      </ActionDisclosure>
      {account.twoFactor ? (
        <ActionDisclosure summary="Turn off two-factor…" open={false}>
          <p className="text-sm text-slate-700">
            For a lost phone: {account.username} signs in with their password alone until they set
            up two-factor again on Account &amp; Security. Their sessions end now.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reset_two_factor" />
            <AccountFields account={account} />
            <button type="submit" className={dangerButton}>
              Turn off two-factor for {account.username}
            </button>
          </Form>
        </ActionDisclosure>
      ) : null}
      <ActionDisclosure summary="Change role…" open={false}>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="role" />
          <AccountFields account={account} />
          <div>
            <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
              Role of {account.username}
            </label>
            <select
              id={`${id}-role`}
              name="role"
              defaultValue={account.role}
              className={inputClass}
            >
              <RoleOptions />
            </select>
          </div>
          <RoleGuide />
          <button type="submit" className={primaryButton}>
            Save role
          </button>
        </Form>
      </ActionDisclosure>
    </div>
  );
}

/** One account: who, role, sign-in safety, status, and what the owner can do with it. */
export function StaffAccountCard({
  account,
  outcome,
}: {
  account: StaffAccountView;
  outcome?: StaffOutcome;
}) {
  return (
    <li
      id={`staff-${account.id}`}
      data-testid="staff-account"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-all text-slate-900">
            {account.username}
            {account.isYou ? (
              <span className="ml-2 text-sm font-normal text-slate-500">(you)</span>
            ) : null}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Added {account.created}
            {account.disabledOn ? ` · disabled ${account.disabledOn}` : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge testId="staff-role" tone={account.role === "owner" ? "brand" : "slate"}>
            {roleNames[account.role]}
          </Badge>
          <Badge testId="staff-status" tone={account.disabled ? "red" : "green"}>
            {account.disabled ? "Disabled" : "Active"}
          </Badge>
          <Badge testId="staff-two-factor" tone={account.twoFactor ? "green" : "slate"}>
            Two-factor {account.twoFactor ? "on" : "off"}
          </Badge>
        </div>
      </div>
      <div className="mt-3">
        <StaffSessions
          accountId={account.id}
          username={account.username}
          sessions={account.sessions}
        />
      </div>
      <div className="mt-4">
        <AccountActions account={account} outcome={outcome} />
      </div>
    </li>
  );
}
