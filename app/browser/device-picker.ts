/**
 * The device pickers (components/public/device-picker.tsx): a changed choice sends its GET form,
 * as the no-JavaScript Update button does; the server answers with the page opened at the next
 * step.
 */
export function devicePicker(page: Document) {
  for (const form of page.querySelectorAll<HTMLFormElement>("form[data-device-picker]"))
    form.addEventListener("change", (event) => {
      if (event.target instanceof HTMLSelectElement) form.requestSubmit();
    });
}
