import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { TextareaField } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { textQuietHours } from "~/config/shop";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { ConversationEntry } from "~/types/repairs";
import type { staffTextSchema } from "~/schemas/staff-text";

/** The texts exchanged about this repair as a conversation, and a form to answer the customer. */
export function RepairTexts({
  conversation,
  stopped,
  constraint,
  lastResult,
}: {
  conversation: ConversationEntry[];
  stopped: boolean;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof staffTextSchema>>(lastResult, { constraint });
  const message = field("message");
  return (
    <div className="space-y-4">
      {conversation.length ? (
        <ol className="space-y-2" aria-label="Texts">
          {conversation.map((t) => (
            <li
              key={t.id}
              data-testid="text-message"
              className={`max-w-[85%] rounded-lg px-3 py-2 ${t.from === "customer" ? "mr-auto bg-slate-100" : "ml-auto bg-brand-50"}`}
            >
              <p className="text-xs font-medium text-slate-600">
                {t.from === "customer" ? "Customer" : "Shop"} · <time dateTime={t.iso}>{t.at}</time>
                {t.state ? ` · ${t.state}` : null}
              </p>
              <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
                {t.body}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No texts about this repair.</p>
      )}
      {stopped ? (
        <p className="text-sm font-medium text-red-800">
          The customer replied STOP: no texts can be sent until they reply START.
        </p>
      ) : (
        <Form method="post" className="space-y-3" {...form.props}>
          <input type="hidden" name="intent" value="text" />
          <ErrorSummary form={form} />
          <TextareaField
            field={message}
            label="Text the customer"
            hint={`Sent from the shop's number with its name in front; not from ${textQuietHours.text}.`}
            textareaProps={{ rows: 2 }}
          />
          <SubmitButton label="Send Text" pendingLabel="Sending..." />
        </Form>
      )}
    </div>
  );
}
