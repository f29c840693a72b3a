import type { AppLoadContext } from "react-router";
import { successToast } from "~/content/messages/admin-messages";
import { closeDay, DayAlreadyClosed, DayCloseRefused } from "~/models/day-close.server";
import type { Staff } from "~/models/staff-session.server";
import { dayCloseSchema } from "~/schemas/day-close";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import { closePath, overShortWords } from "~/utils/day-close";
import { formatCents } from "~/utils/invoice-totals";
import { formatCalendarDate, formatShopDateTime } from "~/utils/shop-time";

const failed = "Failed to close the day. Please try again.";

/**
 * The cash count that closes a day. Closed, back to the day's page with the difference in a toast
 * (303); bad input (400), a day already closed or not begun (409) and an outage (503) come back to
 * the form with what was typed.
 */
export async function dayCloseAction(request: Request, context: AppLoadContext, staff: Staff) {
  const submission = parseForm(await request.formData(), dayCloseSchema);
  if (submission.status !== "success") return replyWithError(context, submission, 400);
  const { date, counted, note } = submission.value;
  try {
    const closed = await closeDay({ date, countedCashCents: counted, note }, staff.id);
    return redirectWithToast(
      closePath(date),
      successToast(
        `${formatCalendarDate(date, "long")} closed: ${formatCents(closed.countedCashCents)} counted, ${overShortWords(closed.overShortCents)}.`,
      ),
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof DayAlreadyClosed)
      return replyWithMessage(
        context,
        submission,
        409,
        `${error.message} ${error.close.closedByName ?? "A former staff member"} closed it on ${formatShopDateTime(error.close.closedAt)}, so this count was not saved.`,
      );
    if (error instanceof DayCloseRefused)
      return replyWithMessage(context, submission, 409, error.message);
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, failed);
  }
}
