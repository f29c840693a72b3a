import type { AppLoadContext } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { errorToast } from "~/content/messages/admin-messages";
import type { RecordChange } from "~/models/record-changes.server";
import { replyWithError } from "~/server/form-reply.server";
import type { ChangedMeanwhile } from "~/types/repairs";
import { formatShopDateTime } from "~/utils/shop-time";

type Submission = { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> };

/** Whether the staff member changed a field from what their form showed. */
export const edited = (typed: string | null | undefined, shown: string | null | undefined) =>
  (typed ?? "") !== (shown ?? "");

/** The JSON a form sent as `shown`: what it showed; a form that lost it counts as showing nothing. */
export function shownValues(shown: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(shown ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A form's fields again after its record changed meanwhile: each one the staff member changed
 * from what their form showed (`shownJson`) keeps what they typed, the rest takes the value `now`,
 * and `shown` becomes `now`, so saving it applies exactly what the form then shows. `asTyped`
 * names fields the record does not store (a "new brand" text box): they come back as typed.
 */
export function valuesOnTop<Field extends string, Typed extends string = never>(
  typed: Record<string, unknown>,
  shownJson: string | undefined,
  now: Partial<Record<Field, string>>,
  asTyped: readonly Typed[] = [],
): Record<Field | Typed | "shown", string> {
  const shown = shownValues(shownJson);
  const fields = Object.keys(now) as Field[];
  return Object.fromEntries([
    ...fields.map((field) => [
      field,
      edited(text(typed[field]), text(shown[field])) ? text(typed[field]) : (now[field] ?? ""),
    ]),
    ...asTyped.map((field) => [field, text(typed[field])]),
    ["shown", JSON.stringify(now)],
  ]) as Record<Field | Typed | "shown", string>;
}

/** " by ana on Nov 28, 2026, 9:05 AM": who made the change the refusal is about. */
export const byWhom = (changes: RecordChange[]) =>
  changes[0] ? ` by ${changes[0].by} on ${formatShopDateTime(changes[0].at)}` : " meanwhile";

/** What the page shows of a refusal: the record's version now and what changed, in shop time. */
export const conflictOf = (version: number, changes: RecordChange[]): ChangedMeanwhile => ({
  version,
  changes: changes.map(({ at, by, summary }) => ({
    at: at.toISOString(),
    atLabel: formatShopDateTime(at),
    by,
    summary,
  })),
});

/**
 * A save refused because the record changed since the form was drawn (409): nothing was stored.
 * The form comes back with `values` (the staff member's changes on top of the new ones) and
 * `conflict`: the new version, and what changed, by whom and when; saving again applies them
 * (docs/decisions/0039).
 */
export function changedMeanwhileReply<Extra extends object>(
  context: AppLoadContext,
  submission: Submission,
  {
    refused,
    version,
    changes,
    values,
    extra,
  }: {
    /** "WF-00042 was changed while you had it open, so nothing was saved." */
    refused: string;
    version: number;
    changes: RecordChange[];
    values: Record<string, string>;
    extra: Extra;
  },
) {
  const message = `${refused} Your changes are below, on top of the new values: check them and save again.`;
  const conflict = conflictOf(version, changes);
  const withValues: Submission = {
    reply: (options) => ({ ...submission.reply(options), initialValue: values }),
  };
  return replyWithError(context, withValues, 409, {
    toast: errorToast(refused),
    formErrors: [message],
    extra: { ...extra, conflict },
  });
}
