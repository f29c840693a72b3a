import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-600";

/** A labelled control with its error message underneath, tied together for screen readers. */
export function Field({
  id,
  label,
  required,
  errorId,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  errorId: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** Invisible to people and assistive technology; bots that fill every field give themselves away. */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input
        id={`hp-${name}`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {errors[0]}
    </p>
  ) : null;
}
