/**
 * Sets a form control's value as if typed: through the element's own value setter (React tracks
 * values set on the element itself and would swallow the event) and with a bubbling input event,
 * so the form's listeners (unsaved changes, the price-list pick, a lookup filling the customer)
 * hear of it.
 */
export function fillField(form: HTMLFormElement, name: string, value: string) {
  const control = form.elements.namedItem(name);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) return;
  const prototype =
    control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}
