import type { AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import { ClaimRefused, openWarrantyClaim } from "~/models/warranty-claim.server";
import type { Staff } from "~/models/staff-session.server";
import { warrantyClaimSchema } from "~/schemas/warranty-claim";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { issueFormKey } from "~/server/submission.server";
import { redirectWithToast } from "~/server/toast.server";
import { bookingReference } from "~/utils/booking-reference";

/**
 * Opens a warranty claim on the repair and goes to the new repair (303); bad input (400), a rule
 * (409) and an outage (503) come back to the form with what was typed and a new key.
 */
export async function warrantyClaimAction(
  request: Request,
  context: AppLoadContext,
  staff: Staff,
  originalId: number,
) {
  const submission = parseForm(await request.formData(), warrantyClaimSchema);
  const extra = { submissionKey: issueFormKey() };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  try {
    const opened = await openWarrantyClaim(originalId, submission.value, staff.id);
    if (!opened)
      return replyWithMessage(context, submission, 404, "That repair no longer exists.", extra);
    const { claim } = opened;
    const terms = submission.value.covered ? "covered at no charge" : "not covered";
    return redirectWithToast(
      `/admin/repairs/${claim.id}`,
      successToast(
        `${bookingReference(claim.id)} opened: a warranty claim on ${bookingReference(originalId)}, ${terms}.`,
      ),
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof ClaimRefused)
      return replyWithMessage(context, submission, 409, error.message, extra);
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(
      context,
      submission,
      503,
      "Failed to open the claim. Please try again.",
      extra,
    );
  }
}
