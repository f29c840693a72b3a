/** Shared looks of the staff pages' controls. */
export const primaryButton =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";
export const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60";
export const panel = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
export const tableClass = "min-w-full divide-y divide-slate-200 text-left text-sm";
export const headCell = "whitespace-nowrap px-3 py-2 font-semibold text-slate-700";
export const cell = "px-3 py-2 align-top";
