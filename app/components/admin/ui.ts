/**
 * Shared looks of the staff pages' controls. Buttons are a thumb's height (44 px) on a phone, where
 * staff tap them all day, and as tall as their text beside the mouse.
 */
export const primaryButton =
  "inline-flex min-h-11 md:min-h-0 items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60";
export const secondaryButton =
  "inline-flex min-h-11 md:min-h-0 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";
export const dangerButton =
  "inline-flex min-h-11 md:min-h-0 items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60";
export const panel = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
export const tableClass = "min-w-full divide-y divide-slate-200 text-left text-sm";
export const headCell = "whitespace-nowrap px-3 py-2 font-semibold text-slate-700";
export const cell = "px-3 py-2 align-top";
/**
 * A row that holds a status form: the page comes back to it by its id after a post without
 * JavaScript (focusable with tabindex -1, so the keyboard goes on from there), marked while it is
 * the address's target.
 */
export const targetRow = "scroll-mt-4 target:ring-2 target:ring-brand-600 focus:outline-none";
