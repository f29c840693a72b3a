import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A child route shown over its list. The server renders it open, so without JavaScript it is a
 * page of its own; with JavaScript it becomes modal (focus kept inside, Escape closes it).
 */
export function AdminDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
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
        className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-transparent"
      >
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </dialog>
    </>
  );
}
