import { data, type AppLoadContext } from "react-router";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import {
  addCalendarEntry,
  changeCalendarEntry,
  entryText,
  removeCalendarEntry,
  type CalendarSaveResult,
} from "~/models/shop-calendar.server";
import type { Staff } from "~/models/staff-session.server";
import {
  calendarRemovalSchema,
  closureSchema,
  specialHoursSchema,
  type ClosureInput,
  type SpecialHoursInput,
} from "~/schemas/shop-calendar";
import {
  byWhom,
  changedMeanwhileReply,
  conflictOf,
  edited,
  shownValues,
} from "~/server/changed-meanwhile.server";
import { isDatabaseOutage } from "~/server/database-outage.server";
import { parseForm, replyWithError, replyWithMessage } from "~/server/form-reply.server";
import { redirectWithToast } from "~/server/toast.server";
import type { CalendarEntry, CalendarException } from "~/types/shop-calendar";
import { hoursPath } from "~/utils/admin-path";
import { minutesOf } from "~/utils/shop-time";

const messages = {
  saved: { closure: "Closure saved.", hours: "Special hours saved." },
  removed: "Removed. That day keeps its usual hours again (a statutory holiday is closed).",
  failed: "Failed to save the hours. Please try again.",
  unknownForm: "That form is not known here. Reload the page and try again.",
  noVersion: "This form is missing the version it was read at. Reload the page and try again.",
  changed: "That entry was changed while you had this page open, so nothing was saved.",
} as const;

const clockValue = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A closure as its form shows it: a one-day closure leaves "to" blank. */
export const closureValues = (entry: CalendarException) => ({
  from: entry.from,
  to: entry.to === entry.from ? "" : entry.to,
  reason: entry.reason ?? "",
});

/** A date's special hours as their form shows them ("10:00", as a time control holds it). */
export const specialHoursValues = (entry: CalendarException) => ({
  date: entry.from,
  opens: entry.hours ? clockValue(entry.hours.open) : "",
  closes: entry.hours ? clockValue(entry.hours.close) : "",
  reason: entry.reason ?? "",
});

const exceptionOf = (form: "closure" | "hours", input: ClosureInput | SpecialHoursInput) => {
  if (form === "closure") {
    const closure = input as ClosureInput;
    return { from: closure.from, to: closure.to, hours: null, reason: closure.reason };
  }
  const hours = input as SpecialHoursInput;
  return {
    from: hours.date,
    to: hours.date,
    hours: { open: minutesOf(hours.opens), close: minutesOf(hours.closes) },
    reason: hours.reason ?? null,
  };
};

function overlapMessage(others: CalendarEntry[]) {
  if (!others.length)
    return "These dates meet an entry saved a moment ago. Reload the page and try again.";
  return `These dates meet ${others.map(entryText).join("; ")}. Change or remove that first.`;
}

type Submission = ReturnType<typeof parseForm>;

/** A closure or special hours, new (no id) or changed (its id and the version it was read at). */
async function save(
  form: "closure" | "hours",
  formData: FormData,
  context: AppLoadContext,
  staff: Staff,
) {
  const schema = form === "closure" ? closureSchema : specialHoursSchema;
  const submission: Submission = parseForm(formData, schema);
  const id = formData.get("id");
  const extra = { form, id: typeof id === "string" ? id : null };
  if (submission.status !== "success") return replyWithError(context, submission, 400, { extra });
  const input = submission.value as ClosureInput | SpecialHoursInput;
  if (input.id !== undefined && input.version === undefined)
    return replyWithMessage(context, submission, 400, messages.noVersion, extra);
  const exception = exceptionOf(form, input);
  let result: CalendarSaveResult;
  try {
    result =
      input.id === undefined
        ? await addCalendarEntry(exception, staff.id)
        : await changeCalendarEntry(input.id, exception, staff.id, input.version!);
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return replyWithMessage(context, submission, 503, messages.failed, extra);
  }
  switch (result.outcome) {
    case "saved":
      return redirectWithToast(hoursPath, successToast(messages.saved[form]), { status: 303 });
    case "overlap":
      return replyWithError(context, submission, 409, {
        toast: errorToast(overlapMessage(result.others)),
        fieldErrors: { [form === "closure" ? "from" : "date"]: [overlapMessage(result.others)] },
        extra,
      });
    case "gone":
      return replyWithMessage(
        context,
        submission,
        409,
        `That entry was removed${byWhom(result.changes)}, so nothing was saved. Add it again if you still need it.`,
        extra,
      );
    case "changed_meanwhile": {
      const now = (form === "closure" ? closureValues : specialHoursValues)(result.current);
      const before = shownValues(formData.get("shown")?.toString());
      const values = Object.fromEntries(
        Object.entries(now).map(([field, current]) => {
          const typed = formData.get(field)?.toString() ?? "";
          const shown = typeof before[field] === "string" ? before[field] : undefined;
          return [field, edited(typed, shown) ? typed : current];
        }),
      );
      return changedMeanwhileReply(context, submission, {
        refused: messages.changed,
        version: result.current.version,
        changes: result.changes,
        values: { ...values, id: String(result.current.id), shown: JSON.stringify(now) },
        extra,
      });
    }
  }
}

/** Removes an entry as the page showed it; one changed or removed since stays as it is. */
async function remove(formData: FormData, context: AppLoadContext, staff: Staff) {
  const submission = parseForm(formData, calendarRemovalSchema);
  const id = formData.get("id");
  const extra = { form: "remove" as const, id: typeof id === "string" ? id : null };
  if (submission.status !== "success")
    return replyWithMessage(context, submission, 400, messages.unknownForm, extra);
  const { id: entryId, version } = submission.value;
  const result = await removeCalendarEntry(entryId, staff.id, version).catch((error: unknown) => {
    if (isDatabaseOutage(error)) return undefined;
    throw error;
  });
  if (!result) return replyWithMessage(context, submission, 503, messages.failed, extra);
  switch (result.outcome) {
    case "removed":
      return redirectWithToast(hoursPath, successToast(messages.removed), { status: 303 });
    case "gone":
      return replyWithMessage(
        context,
        submission,
        409,
        `That entry was already removed${byWhom(result.changes)}.`,
        extra,
      );
    case "changed_meanwhile":
      return replyWithMessage(
        context,
        submission,
        409,
        `That entry was changed${byWhom(result.changes)}: it is now ${entryText(result.current)}. Nothing was removed; remove it again if you still want to.`,
        { ...extra, conflict: conflictOf(result.current.version, result.changes) },
      );
  }
}

/**
 * The Hours & Closures page's forms (decision 0054): success reloads the page with a toast (303);
 * an overlap, an entry changed or removed meanwhile come back (409) with what happened and the
 * input kept; an outage (503) with the input kept.
 */
export async function shopHoursAction(request: Request, context: AppLoadContext, staff: Staff) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "closure" || intent === "hours") return save(intent, formData, context, staff);
  if (intent === "remove") return remove(formData, context, staff);
  throw data(messages.unknownForm, { status: 400 });
}
