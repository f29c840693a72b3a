import type { HTMLAttributes } from "react";
import type { NotifyChannel } from "~/types/booking";
import type { FormField } from "./use-form-reply";

const order: NotifyChannel[] = ["email", "sms", "both"];

/**
 * E-mail, text or both as radio buttons, e-mail chosen until the customer says otherwise; the
 * words for each and the group's own labelling are the form's.
 */
export function NotifyChannelRadios({
  field,
  labels,
  ...group
}: {
  field: FormField;
  labels: Record<NotifyChannel, string>;
} & HTMLAttributes<HTMLDivElement>) {
  const chosen = (field.props.defaultValue as NotifyChannel | undefined) ?? "email";
  return (
    <div {...group} className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
      {order.map((value, index) => (
        <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900 sm:min-h-6">
          <input
            // The first choice is where the error summary's link for the group leads.
            id={index === 0 ? field.id : undefined}
            type="radio"
            name={field.props.name}
            value={value}
            defaultChecked={chosen === value}
            className={notifyBox}
          />
          {labels[value]}
        </label>
      ))}
    </div>
  );
}

export const notifyBox = "h-6 w-6 shrink-0 border-slate-400 text-brand-700 focus:ring-brand-600";
