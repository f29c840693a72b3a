import { data, type AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import {
  addCustomerContact,
  CustomerChangedMeanwhile,
  CustomerChangeRefused,
  removeCustomerContact,
  updateCustomer,
} from "~/models/customer-changes.server";
import type { Staff } from "~/models/staff-session.server";
import { customerContactSchema, customerEditSchema, removeContactSchema } from "~/schemas/customer";
import { changedMeanwhileReply, edited, shownValues } from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";

type Intent = "edit" | "add_contact" | "remove_contact";
type Submission = Parameters<typeof replyWithError>[1];

const done = {
  edit: "Customer saved.",
  add_contact: "Contact added.",
  remove_contact: "Contact removed.",
};
const failed = "Failed to save the customer. Please try again.";

/** The name and channel form's fields as it shows them. */
const editShown = (c: { firstName: string; lastName: string; notifyBy: string }) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  notifyBy: c.notifyBy,
});

/**
 * Runs one of the customer page's changes: success reloads the page with a toast (303); a record
 * changed meanwhile comes back (409) with what changed and the typed input on top; a refused
 * contact (400 or 409) and an outage (503) come back with the message and the input kept.
 */
async function save(
  url: URL,
  context: AppLoadContext,
  submission: Submission,
  intent: Intent,
  change: () => Promise<unknown>,
  onTop: (current: CustomerChangedMeanwhile["current"]) => Record<string, string>,
) {
  try {
    if ((await change()) === undefined) throw data("Customer not found.", { status: 404 });
  } catch (error) {
    if (error instanceof CustomerChangedMeanwhile)
      return changedMeanwhileReply(context, submission, {
        refused: `${error.current.firstName} ${error.current.lastName} was changed while you had this page open, so nothing was saved.`,
        version: error.current.version,
        changes: error.changes,
        values: onTop(error.current),
        extra: { intent },
      });
    if (error instanceof CustomerChangeRefused)
      return replyWithMessage(context, submission, 409, error.message, { intent });
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed, { intent });
  }
  return redirectWithToast(url.pathname, successToast(done[intent]), { status: 303 });
}

/** The customer page's three forms: name and channel, add a contact, remove one. */
export async function customerPageAction(
  request: Request,
  context: AppLoadContext,
  id: number,
  staff: Staff,
) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "add_contact") {
    const submission = parseForm(formData, customerContactSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent } });
    const { contact, version } = submission.value;
    return save(
      url,
      context,
      submission,
      intent,
      () => addCustomerContact(id, contact, staff.id, version),
      (current) => ({ contact: contact.value, version: String(current.version) }),
    );
  }
  if (intent === "remove_contact") {
    const submission = parseForm(formData, removeContactSchema);
    if (submission.status !== "success")
      return replyWithError(context, submission, 400, { extra: { intent } });
    const { contactId, version } = submission.value;
    return save(
      url,
      context,
      submission,
      intent,
      () => removeCustomerContact(id, contactId, staff.id, version),
      () => ({}),
    );
  }
  const submission = parseForm(formData, customerEditSchema);
  if (submission.status !== "success")
    return replyWithError(context, submission, 400, { extra: { intent: "edit" } });
  const typed = submission.value;
  return save(
    url,
    context,
    submission,
    "edit",
    () => updateCustomer(id, typed, staff.id, typed.version),
    (current) => {
      const shown = shownValues(typed.shown);
      const now = editShown(current);
      const values = Object.fromEntries(
        (["firstName", "lastName", "notifyBy"] as const).map((f) => [
          f,
          edited(typed[f], typeof shown[f] === "string" ? shown[f] : undefined) ? typed[f] : now[f],
        ]),
      );
      return { ...values, shown: JSON.stringify(now) };
    },
  );
}
