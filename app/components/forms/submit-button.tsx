import { useNavigation } from "react-router";

/**
 * Disabled and relabelled while its form is in flight (with JavaScript; without, the browser shows
 * progress): by React Router under /admin, by the public pages' script elsewhere
 * (`data-pending`, app/browser/forms.ts).
 */
export function SubmitButton({
  label,
  pendingLabel,
  className = "",
  look = "rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800",
  unseen,
}: {
  label: string;
  pendingLabel: string;
  /** Where it sits: width, margins. */
  className?: string;
  /** How it looks, in place of the site's blue button: two colours in one class list would leave the pick to the stylesheet's order. */
  look?: string;
  /** Words after the label that only a screen reader hears: which of several alike it is. */
  unseen?: string;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={pending}
      data-pending={pendingLabel}
      className={`${look} disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      {pending ? pendingLabel : label}
      {unseen ? <span className="sr-only">{unseen}</span> : null}
    </button>
  );
}
