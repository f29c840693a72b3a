import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { inputClass } from "~/components/forms/field";
import { secondaryButton } from "./ui";

/**
 * A list's filters as a GET form, so they live in the URL and work without JavaScript. On a phone
 * they sit two to a row, the search across both, so the results start within the first screen.
 */
export function FilterForm({
  submitLabel,
  clearTo,
  active,
  children,
}: {
  submitLabel: string;
  clearTo: string;
  active: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      role="search"
    >
      {children}
      <button type="submit" className={secondaryButton}>
        {submitLabel}
      </button>
      {active ? (
        <Link to={clearTo} className="py-2 text-sm text-brand-700 underline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

export function FilterSearch({
  id,
  label,
  value,
  placeholder,
}: {
  id: string;
  label: string;
  value?: string;
  placeholder: string;
}) {
  return (
    <div className="col-span-2 min-w-56 flex-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={100}
        className={inputClass}
      />
    </div>
  );
}

export function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
  /** The first choice, meaning "no filter"; left out when the select always has a value. */
  allLabel?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterDate({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value ?? ""}
        min="1900-01-01"
        max="2999-12-31"
        className={inputClass}
      />
    </div>
  );
}
