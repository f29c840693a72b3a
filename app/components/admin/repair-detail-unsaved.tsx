import { useBeforeUnload, useBlocker } from "react-router";
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { dangerButton, secondaryButton } from "./ui";

/**
 * A form's saved values by field name; a checkbox's is "on" when ticked, "" when not; a radio
 * group's is the chosen value, "" when none is.
 */
type SavedValues = Record<string, string>;

function currentValue(form: HTMLFormElement, name: string): string | undefined {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement && element.type === "checkbox")
    return element.checked ? "on" : "";
  if (element instanceof RadioNodeList) return element.value;
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  )
    return element.value;
  return undefined;
}

/**
 * Whether a form holds typed changes that are not saved, and a way to put the saved values back.
 * Counts from the values on screen, so a form the server sent back with an error (the typed
 * values, not the saved ones) starts out changed.
 */
export function useUnsavedChanges(
  formRef: RefObject<HTMLFormElement | null>,
  saved: SavedValues,
  onChange: (changed: boolean) => void,
) {
  const savedKey = JSON.stringify(saved);
  const check = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const values = JSON.parse(savedKey) as SavedValues;
    onChange(
      Object.entries(values).some(([name, value]) => {
        const now = currentValue(form, name);
        return now !== undefined && now !== value;
      }),
    );
  }, [formRef, savedKey, onChange]);

  useEffect(check, [check]);

  const restore = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(savedKey) as SavedValues)) {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement && element.type === "checkbox")
        element.checked = value === "on";
      else if (element instanceof RadioNodeList) {
        for (const radio of element)
          if (radio instanceof HTMLInputElement) radio.checked = radio.value === value;
      } else if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      )
        element.value = value;
    }
    check();
  }, [formRef, savedKey, check]);

  return { check, restore };
}

/** Asks before typed changes are thrown away; Escape or "Keep editing" keeps them. */
function ConfirmDiscard({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        Discard your changes?
      </h2>
      <p id={`${titleId}-text`} className="mt-2 text-sm text-slate-700">
        You have typed changes on this repair that are not saved yet. Discarding them cannot be
        undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onKeep} autoFocus>
          Keep editing
        </button>
        <button type="button" className={dangerButton} onClick={onDiscard}>
          Discard changes
        </button>
      </div>
    </dialog>
  );
}

/**
 * While `changed`, leaving the page (a link, the back button, closing the tab) asks first.
 * Saving posts to this same page and comes back to it, so it is never held up.
 */
export function DiscardGuard({ changed }: { changed: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!changed) return;
        event.preventDefault();
        // Older browsers show their prompt only when returnValue is set.
        event.returnValue = "";
      },
      [changed],
    ),
  );
  useEffect(() => {
    if (blocker.state === "blocked" && !changed) blocker.proceed();
  }, [blocker, changed]);
  return blocker.state === "blocked" ? (
    <ConfirmDiscard onKeep={() => blocker.reset()} onDiscard={() => blocker.proceed()} />
  ) : null;
}

/** A form's "Discard changes" button: the saved values come back once the staff member confirms. */
export function DiscardButton({
  changed,
  restore,
  className = secondaryButton,
}: {
  changed: boolean;
  restore: () => void;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      {/* type="reset": without JavaScript the browser puts back the values the page came with. */}
      <button
        type="reset"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          if (changed) setAsking(true);
        }}
      >
        Discard changes
      </button>
      {asking ? (
        <ConfirmDiscard
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            restore();
          }}
        />
      ) : null}
    </>
  );
}
