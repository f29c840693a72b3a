import { destructive, success } from "~/content/messages/form-messages";

/**
 * The staff side's toasts, worded as the legacy admin worded them, so staff meet the same messages.
 */
export const invalidCredentialsMessage = "Invalid username or password.";

export const loginFailedToast = (description = invalidCredentialsMessage) =>
  destructive("Login Failed", description);

export const invalidCodeMessage =
  "That code is not right. Enter the newest code from your authenticator app, or a recovery code.";

/**
 * The legacy JSON login's answer when the account has a second factor and no code came with the
 * password.
 */
export const codeRequiredMessage =
  'Code required: this account also needs the 6-digit code from its authenticator app (or a recovery code) in "code".';

export const enrolmentRequiredMessage =
  "Two-factor sign-in is required for staff accounts: set up an authenticator app first.";

export const loginExpiredToast = destructive(
  "Login Expired",
  "Please enter your username and password again.",
);

export const enrolmentRequiredToast = destructive(
  "Two-Factor Sign-In Required",
  enrolmentRequiredMessage,
);

export const loginSucceededToast = success("Login Successful!", "Redirecting to admin dashboard.");

export const unauthorizedToast = destructive("Unauthorized", "Please log in to access this page.");

export const loggedOutToast = success("Logged Out", "You have been logged out.");

export const logoutFailedToast = destructive(
  "Logout Failed",
  "Could not log out from the server. Please try again.",
);

export const tooManyLoginsMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return `Too many login attempts. Please wait ${wait} and try again.`;
};

export const successToast = (description: string) => success("Success", description);
export const errorToast = (description: string) => destructive("Error", description);

export const adminMessages = {
  statusUpdated: "Repair status updated successfully.",
  statusUpdateFailed: "Failed to update repair status.",
  noteSent: "Note saved and sent to the customer.",
  noteSavedNotSent: "Note saved; nothing was sent to the customer.",
  detailsUpdated: "Customer and device details updated.",
  detailsUpdateFailed: "Failed to update the customer and device details.",
  itemAdded: "Repair item added successfully.",
  itemAddFailed: "Failed to add repair item.",
  itemUpdated: "Repair item updated successfully.",
  itemUpdateFailed: "Failed to update repair item.",
  itemDeleted: "Repair item deleted successfully.",
  itemDeleteFailed: "Failed to delete repair item.",
  itemDuplicate: "A repair item with this category, brand, series, model and issue already exists.",
  loadRepairsFailed: "Failed to load repair requests.",
  loadItemsFailed: "Failed to load repair items.",
  loadDashboardFailed: "Failed to load dashboard data.",
  loadAgendaFailed: "Failed to load the agenda.",
  loadAnalyticsFailed: "Failed to load analytics data.",
  bookingNotFound: "Repair request not found.",
  itemNotFound: "Repair item not found.",
  itemChangedMeanwhile: "This repair item was changed while you had it open, so nothing was saved.",
  itemChangedBeforeDelete:
    "This repair item was changed while you had it open, so it was not deleted. Check it as it is now.",
  loadMessagesFailed: "Failed to load messages.",
  messageHandled: "Message marked as handled.",
  messageUnhandled: "Message marked as not handled.",
  messageUpdateFailed: "Failed to update the message.",
  messageNotFound: "Message not found.",
  loadOutboxFailed: "Failed to load the outbox.",
  mailRequeued: "The e-mail is queued and goes out in a moment.",
  mailNotRequeued: "That e-mail was sent already or is being sent right now.",
  mailRetryFailed: "Failed to queue the e-mail again.",
  twoFactorOn: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  twoFactorOff: "Two-factor sign-in is off.",
  twoFactorCancelled: "Set-up cancelled.",
  twoFactorStillRequired:
    "Two-factor sign-in is required for every staff account here, so it cannot be turned off.",
  recoveryCodesReplaced: "New recovery codes made; the old ones no longer work.",
  loadSecurityFailed: "Failed to load the security settings.",
  securityUpdateFailed: "Failed to change the security settings.",
} as const;
