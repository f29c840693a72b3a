import { useNavigate } from "react-router";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A dialog's Cancel/Save row: it sticks to the foot of the dialog's scrolling body, so the
 * actions stay in view however tall the form and however short the screen.
 */
export const dialogActions =
  "sticky bottom-0 -mx-4 mt-6 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6";

/**
 * A child route shown over its list. The server renders it open, so without JavaScript it is a
 * page of its own; with JavaScript it becomes modal (focus kept inside, Escape closes it). It is
 * never taller than the screen: the title stays, the body scrolls, the actions stick to its foot
 * (above), where the body has no bottom padding of its own.
 */
export function AdminDialog({
  title,
  closeTo,
  children,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <>
      <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true });
        }}
        className="fixed inset-0 z-50 m-auto flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl flex-col overflow-hidden rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-transparent"
      >
        <h2
          id={titleId}
          className="shrink-0 border-b border-slate-200 px-4 py-4 text-xl font-bold text-slate-900 sm:px-6"
        >
          {title}
        </h2>
        <div className="min-h-0 flex-1 overflow-y-auto p-4 has-[.sticky]:pb-0 sm:p-6 sm:has-[.sticky]:pb-0">
          {children}
        </div>
      </dialog>
    </>
  );
}
