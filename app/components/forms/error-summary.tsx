import type { ReactNode } from "react";

/** One message of a refused form; a field's message links to its field. */
export type ErrorSummaryItem = { message: string; href?: string };

/** What a summary needs: the id the form's aria-describedby names, and the messages. */
export type ErrorSummaryData = { errorId: string; summary: readonly ErrorSummaryItem[] };

/** A summary of messages that belong to no field (a refusal from a form without `useFormReply`). */
export const messagesSummary = (errorId: string, messages?: readonly string[] | null) => ({
  errorId,
  summary: (messages ?? []).map((message) => ({ message })),
});

/** What makes an element a form's error summary: focused on arrival, with or without JavaScript. */
export const summaryFocus = {
  "data-error-summary": "",
  tabIndex: -1,
  // The browser focuses it when the page loads, which scrolls it into view, also without
  // JavaScript; React focuses it when it appears in a hydrated page (decision 0058).
  autoFocus: true,
} as const;

/**
 * The top of a form the server answered with errors: every message, each field's a link to that
 * field, so a visitor whose page came back scrolled to the top, or a screen reader, meets them
 * first. `prefix` goes before the form's own messages (the tracking form's "Error: ").
 */
export function ErrorSummary({
  form,
  prefix = "",
  children,
}: {
  form: ErrorSummaryData;
  prefix?: string;
  /** More about the refusal, under the messages. */
  children?: ReactNode;
}) {
  const { errorId, summary } = form;
  if (!summary.length) return null;
  const text = ({ message, href }: ErrorSummaryItem) =>
    href ? (
      <a href={href} className="font-medium underline underline-offset-2 hover:text-red-950">
        {message}
      </a>
    ) : (
      `${prefix}${message}`
    );
  return (
    <div
      id={errorId}
      role="alert"
      className="scroll-mt-24 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
      {...summaryFocus}
    >
      {summary.length === 1 ? (
        <p>{text(summary[0]!)}</p>
      ) : (
        <>
          <p className="font-semibold">Please check these {summary.length} things:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {summary.map((item) => (
              <li key={`${item.href ?? ""}|${item.message}`}>{text(item)}</li>
            ))}
          </ul>
        </>
      )}
      {children}
    </div>
  );
}
