import type { NotifyChannel } from "~/types/booking";
import { brand } from "~/config/shop";
import { FieldError } from "./field";
import type { FormField } from "./use-form-reply";

const channels: { value: NotifyChannel; label: string }[] = [
  { value: "email", label: "E-mail only" },
  { value: "sms", label: "Text only" },
  { value: "both", label: "E-mail and text" },
];

const box = "h-6 w-6 shrink-0 border-slate-400 text-brand-700 focus:ring-brand-600";

/**
 * How the customer wants repair updates, and, asked apart and unticked, whether the shop may ask
 * for a review afterwards (Canada's anti-spam law: updates on a repair are transactional, a review
 * request is not). Shared by the public booking form and the counter's walk-in form.
 */
export function ContactConsentFields({
  field,
  customer = "you",
}: {
  field: (name: "notifyBy" | "reviewOptIn") => FormField;
  customer?: "you" | "the customer";
}) {
  const notifyBy = field("notifyBy");
  const reviewOptIn = field("reviewOptIn");
  const chosen = (notifyBy.props.defaultValue as NotifyChannel | undefined) ?? "email";
  const yours = customer === "you" ? "your" : "the customer's";
  return (
    <fieldset
      className="scroll-mt-24 rounded-xl border border-slate-200 p-5 sm:p-6"
      aria-describedby={notifyBy.errors?.length ? notifyBy.errorId : undefined}
    >
      <legend className="px-2 text-lg font-semibold text-slate-900">Repair Updates</legend>
      <p id={`${notifyBy.id}-label`} className="font-medium text-slate-800">
        Send {yours} repair updates by
      </p>
      <p id={`${notifyBy.id}-hint`} className="text-sm text-slate-700">
        Texts go to the number above, so it must be a mobile. Reply STOP to any text to stop them.
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${notifyBy.id}-label`}
        aria-describedby={`${notifyBy.id}-hint`}
        className="mt-3 flex flex-wrap gap-x-6 gap-y-2"
      >
        {channels.map((c, index) => (
          <label
            key={c.value}
            className="flex min-h-11 items-center gap-2 text-slate-900 sm:min-h-6"
          >
            <input
              // The first choice is where the error summary's link for the group leads.
              id={index === 0 ? notifyBy.id : undefined}
              type="radio"
              name={notifyBy.props.name}
              value={c.value}
              defaultChecked={chosen === c.value}
              className={box}
            />
            {c.label}
          </label>
        ))}
      </div>
      <FieldError field={notifyBy} />
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          id={reviewOptIn.id}
          name={reviewOptIn.props.name}
          defaultChecked={reviewOptIn.props.defaultValue === "on"}
          className={`${box} rounded`}
        />
        <span>
          Yes, {brand.name} may ask {customer === "you" ? "me" : "the customer"} for a review once
          the repair is done (one message, optional).
        </span>
      </label>
    </fieldset>
  );
}
