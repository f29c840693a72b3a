/**
 * The button Enter presses in a form whose other submit buttons come before its own (a lookup, a
 * "Find…"): a browser submitting a form by Enter in a field presses its first submit button (HTML's
 * implicit submission), with or without JavaScript. Placed first in the form, it sends what the
 * form's visible button at its foot sends; `hidden` keeps it out of sight, of the tab order and of
 * assistive technology, which reach that visible one.
 */
export function DefaultSubmit({ label }: { label: string }) {
  return (
    <button type="submit" hidden>
      {label}
    </button>
  );
}
