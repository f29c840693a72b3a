import { formPaths } from "~/offline/offline-messages";

/**
 * The booking and contact forms: the service worker keeps a copy of each, bare, so that they open
 * offline (decision 0061). A query string prefills the form for someone: such a page is never
 * kept, and opens offline as the bare copy. Not /sell: its one form, on the offer step, carries an
 * amount the server works out for the device in its address.
 */
export const copiedFormPaths = [formPaths.booking, formPaths.contact];

export const isFormPage = (url: URL) => copiedFormPaths.includes(url.pathname);

/** The form's hidden submission key, as the server draws it (components/forms/field.tsx). */
const keyField = () => /(<input\b[^>]*\bname="submissionKey"[^>]*\bvalue=")([^"]*)(")/g;

/**
 * A form page as the phone keeps it: without its submission key, which was the visitor's who
 * opened it online and must never be posted twice. Undefined for a page whose key is not there
 * exactly once: the copy could not be told apart from the key.
 */
export function keylessCopy(page: string): string | undefined {
  const found = [...page.matchAll(keyField())];
  const key = found[0]?.[2];
  if (found.length !== 1 || !key || page.split(key).length !== 2) return undefined;
  return page.replace(keyField(), "$1$3");
}

/** A kept copy opened with a key of its own (one the phone made). */
export const withKey = (copy: string, key: string) =>
  copy.replace(
    keyField(),
    (_, before: string, _empty: string, after: string) => before + key + after,
  );
