import type { SubmissionResult } from "@conform-to/react";
import type { StaffOutcome } from "~/types/staff";
import { data, type AppLoadContext } from "react-router";
import {
  changePasswordSchema,
  createStaffSchema,
  resetPasswordSchema,
  staffAccountActionSchema,
} from "~/schemas/staff";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { loginDoor, startCookieSession } from "~/server/auth.server";
import type { Staff } from "~/models/staff-session.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import type { ToastMessage } from "~/content/messages/form-messages";
import { parseForm } from "~/server/form-reply.server";
import {
  changeOwnPassword,
  changeStaffRole,
  createStaffAccount,
  disableStaff,
  enableStaff,
  generatePassword,
  resetStaffPassword,
  resetStaffTwoFactor,
  AccountChangedMeanwhile,
  type AccountChange,
} from "~/models/staff-user.server";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import { securityPath } from "~/utils/two-factor-settings";
import { endSessionsAction } from "~/routes/staff-sessions.server";

const staffPath = "/admin/staff";

const staffMessages = {
  taken: "That username is taken. Usernames are unique whatever their case.",
  notFound: "Staff account not found.",
  self: "You cannot disable, demote or reset yourself here. Another owner can, and your own password changes on Account & Security.",
  lastOwner: "The shop needs at least one active owner: make someone else an owner first.",
  changedMeanwhile: (username: string) =>
    `${username} was changed while you had this page open, so nothing was changed. Check the account as it is now and try again.`,
  failed: "Failed to change the staff account. Please try again.",
  unknownForm: "That form is not known here. Reload the page and try again.",
} as const;

type Reply = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    resetForm?: boolean;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

function answer(
  context: AppLoadContext,
  outcome: Omit<StaffOutcome, "result">,
  submission: Reply,
  status: number,
  errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
) {
  if (outcome.toast) toastForThisRequest(context, outcome.toast);
  // A typed password never comes back in the page, not even beside an error.
  const result = submission.reply({
    ...(errors ?? { resetForm: status < 400 }),
    hideFields: ["password"],
  });
  return data<StaffOutcome>({ ...outcome, result }, { status });
}

const doneMessages = {
  disable: "Account disabled; its sessions have ended.",
  enable: "Account enabled.",
  role: "Role changed.",
  reset_two_factor:
    "Two-factor sign-in turned off and their sessions ended: they sign in with their password and can set it up again under Account & Security.",
} as const;

const done = (message: string) =>
  redirectWithToast(staffPath, successToast(message), { status: 303 });

function refused(
  context: AppLoadContext,
  intent: string,
  id: number,
  submission: Reply,
  change: Exclude<AccountChange, "done">,
) {
  if (change === "not_found") throw data(staffMessages.notFound, { status: 404 });
  const message = change === "self" ? staffMessages.self : staffMessages.lastOwner;
  return answer(context, { intent, id, toast: errorToast(message) }, submission, 409, {
    formErrors: [message],
  });
}

/**
 * Runs an owner's change; one made on a page drawn before another change to the account comes
 * back (409) with what changed, by whom and when, beside the account as it is now.
 */
async function unlessChangedMeanwhile<Result>(
  context: AppLoadContext,
  intent: string,
  submission: Reply,
  change: () => Promise<Result>,
) {
  try {
    return { result: await change() };
  } catch (error) {
    if (!(error instanceof AccountChangedMeanwhile)) throw error;
    const message = staffMessages.changedMeanwhile(error.current.username);
    const conflict = conflictOf(error.current.version, error.changes);
    return {
      refusal: answer(
        context,
        { intent, id: error.current.id, toast: errorToast(message), conflict },
        submission,
        409,
        { formErrors: [message] },
      ),
    };
  }
}

async function createAccount(context: AppLoadContext, owner: Staff, formData: FormData) {
  const submission = parseForm(formData, createStaffSchema);
  if (submission.status !== "success")
    return answer(context, { intent: "create" }, submission, 400, {});
  const { username, role, generate } = submission.value;
  const password = generate ? generatePassword() : submission.value.password!;
  const created = await createStaffAccount(owner, { username, role, password });
  if (!created.ok) {
    return answer(
      context,
      { intent: "create", toast: errorToast(staffMessages.taken) },
      submission,
      409,
      { fieldErrors: { username: [staffMessages.taken] } },
    );
  }
  if (!generate) return done(`Added ${username}. Give them their password in person.`);
  return answer(
    context,
    {
      intent: "create",
      toast: successToast(`Added ${username}.`),
      shown: { username, password, created: true },
    },
    submission,
    200,
  );
}

async function resetPassword(context: AppLoadContext, owner: Staff, formData: FormData) {
  const submission = parseForm(formData, resetPasswordSchema);
  const id = Number(submission.payload.id) || undefined;
  if (submission.status !== "success")
    return answer(context, { intent: "reset_password", id }, submission, 400, {});
  const { generate } = submission.value;
  const password = generate ? generatePassword() : submission.value.password!;
  const { id: account, version } = submission.value;
  const outcome = await unlessChangedMeanwhile(context, "reset_password", submission, () =>
    resetStaffPassword(owner, account, password, !!generate, version),
  );
  if (outcome.refusal) return outcome.refusal;
  const change = outcome.result;
  if (typeof change === "string")
    return refused(context, "reset_password", submission.value.id, submission, change);
  const message = "Password reset; their sessions have ended.";
  if (!generate) return done(message);
  return answer(
    context,
    {
      intent: "reset_password",
      id,
      toast: successToast(message),
      shown: { username: change.username, password, created: false },
    },
    submission,
    200,
  );
}

async function changeAccount(context: AppLoadContext, owner: Staff, formData: FormData) {
  const submission = parseForm(formData, staffAccountActionSchema);
  if (submission.status !== "success") {
    return answer(
      context,
      {
        intent: String(submission.payload.intent ?? ""),
        toast: errorToast(staffMessages.unknownForm),
      },
      submission,
      400,
      {
        formErrors: [staffMessages.unknownForm],
      },
    );
  }
  const input = submission.value;
  const outcome = await unlessChangedMeanwhile(context, input.intent, submission, () => {
    switch (input.intent) {
      case "disable":
        return disableStaff(owner, input.id, input.version);
      case "enable":
        return enableStaff(owner, input.id, input.version);
      case "reset_two_factor":
        return resetStaffTwoFactor(owner, input.id, input.version);
      case "role":
        return changeStaffRole(owner, input.id, input.role, input.version);
    }
  });
  if (outcome.refusal) return outcome.refusal;
  const change = outcome.result;
  if (change !== "done") return refused(context, input.intent, input.id, submission, change);
  return done(doneMessages[input.intent]);
}

/**
 * The Staff page's forms: add an account, reset a password or the second factor, disable, enable,
 * change a role, end sessions.
 * Every change is in the audit trail; a refused one keeps the page with the reason.
 */
export async function staffPageAction(request: Request, context: AppLoadContext, owner: Staff) {
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "create":
      return createAccount(context, owner, formData);
    case "reset_password":
      return resetPassword(context, owner, formData);
    case "end_session":
    case "end_sessions":
      return endSessionsAction(request, formData, owner, { backTo: staffPath, owner: true });
    default:
      return changeAccount(context, owner, formData);
  }
}

/** A change the database did not take: the Staff page again, with the Error toast. */
export const staffChangeFailed = () =>
  redirectWithToast(staffPath, errorToast(staffMessages.failed), { status: 303 });

const passwordChangedMessage =
  "Password changed. You stay signed in here; every other session has ended.";
const passwordFields = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * Account & Security's password form. Passwords never go back to the page, not even a wrong one.
 * On success every session of the account ends and this browser gets a fresh one, so it stays in.
 */
export async function changeOwnPasswordAction(
  request: Request,
  context: AppLoadContext,
  staff: Staff,
  formData: FormData,
) {
  const submission = parseForm(formData, changePasswordSchema);
  const refuse = (status: number, fieldErrors?: Record<string, string[]>, toast?: ToastMessage) => {
    if (toast) toastForThisRequest(context, toast);
    return data(
      {
        intent: "change_password" as const,
        result: submission.reply({ fieldErrors, hideFields: passwordFields }),
        toast,
      },
      { status },
    );
  };
  if (submission.status !== "success") return refuse(400);
  try {
    const changed = await changeOwnPassword(
      staff,
      submission.value,
      await loginDoor(request, context.clientIp, staff.username),
    );
    if (!changed.ok)
      return refuse(
        changed.status,
        { currentPassword: [changed.message] },
        errorToast(changed.message),
      );
    const headers = await startCookieSession(request, staff);
    return await redirectWithToast(securityPath, successToast(passwordChangedMessage), {
      status: 303,
      headers,
    });
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return redirectWithToast(
      securityPath,
      errorToast("Failed to change the password. Please try again."),
      { status: 303 },
    );
  }
}
