import { brand } from "~/config/shop";
import { FieldError } from "./field";
import { NotifyChannelRadios, notifyBox } from "./notify-channel-radios";
import type { FormField } from "./use-form-reply";

const channelLabels = { email: "E-mail only", sms: "Text only", both: "E-mail and text" };

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
      <NotifyChannelRadios
        field={notifyBy}
        labels={channelLabels}
        role="radiogroup"
        aria-labelledby={`${notifyBy.id}-label`}
        aria-describedby={`${notifyBy.id}-hint`}
      />
      <FieldError field={notifyBy} />
      <label className="mt-4 flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          id={reviewOptIn.id}
          name={reviewOptIn.props.name}
          defaultChecked={reviewOptIn.props.defaultValue === "on"}
          className={`${notifyBox} rounded`}
        />
        <span>
          Yes, {brand.name} may ask {customer === "you" ? "me" : "the customer"} for a review once
          the repair is done (one message, optional).
        </span>
      </label>
    </fieldset>
  );
}
