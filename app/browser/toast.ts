import type { ToastMessage } from "~/content/messages/form-messages";

const leftForKey = "wefix-toast";

/**
 * Shows a toast in the page's live region, in place of any there, drawn from the card the server
 * rendered for its kind (`ToastTemplates`, components/toaster.tsx). It sits at the top of the page
 * like a toast that came with it, and leaves after 5 s the same way (styles/app.css).
 */
export function showToast(page: Document, toast: ToastMessage) {
  const region = page.querySelector<HTMLElement>("[data-toast-region]");
  const template = page.querySelector<HTMLTemplateElement>(`template[data-toast="${toast.type}"]`);
  if (!region || !template) return;
  const card = template.content.cloneNode(true) as DocumentFragment;
  card.querySelector("[data-toast-title]")!.textContent = toast.title;
  const description = card.querySelector("[data-toast-description]")!;
  if (toast.description) description.textContent = toast.description;
  else description.remove();
  // The label closes the card through its checkbox, which needs an id of its own.
  const id = `toast-dismiss-${crypto.randomUUID()}`;
  card.querySelector("input")!.id = id;
  card.querySelector("label")!.htmlFor = id;
  region.setAttribute("aria-live", toast.type === "destructive" ? "assertive" : "polite");
  region.replaceChildren(card);
}

/**
 * A toast for the page this tab opens next at `path` (a form's answer, a fresh form), which the
 * server draws without it.
 */
export function toastOnNextPage(path: string, toast: ToastMessage) {
  sessionStorage.setItem(leftForKey, JSON.stringify({ path, toast }));
}

/** Shows the toast the previous page left for this one, once. */
export function leftToast(page: Document) {
  const left = sessionStorage.getItem(leftForKey);
  if (!left) return;
  sessionStorage.removeItem(leftForKey);
  const { path, toast } = JSON.parse(left) as { path: string; toast: ToastMessage };
  if (path === location.pathname) showToast(page, toast);
}
