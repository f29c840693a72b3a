import { updateReadyLine } from "~/offline/offline-messages";

const bar = "border-b px-4 py-2 text-center text-sm";

/**
 * The offline side's two lines under the header, hidden until the public pages' script shows
 * them: how many submissions wait on this phone (app/browser/kept-submissions.ts), and a new
 * release ready to load (app/browser/offline-side.ts).
 */
export function OfflineBars() {
  return (
    <>
      <p
        hidden
        data-kept-bar
        role="status"
        className={`${bar} border-amber-200 bg-amber-50 text-amber-950`}
      />
      <p
        hidden
        data-update-bar
        role="status"
        className={`${bar} border-brand-100 bg-brand-50 text-brand-800`}
      >
        {updateReadyLine}{" "}
        <button type="button" className="min-h-6 font-semibold underline">
          Reload
        </button>
      </p>
    </>
  );
}
