/**
 * What this phone keeps of the visitor's own: submissions waiting for a connection and the last
 * repair tracked through its secret link ("as of" when it was saved). Each can be removed here;
 * none of it ever leaves the phone except to be sent to the shop. Drawn empty and hidden: the
 * public pages' script fills it from the phone (app/browser/saved-on-this-phone.ts).
 */
export function SavedOnThisPhone() {
  return (
    <div hidden className="space-y-8" data-saved-on-this-phone>
      <section hidden data-saved-kept aria-labelledby="kept-list-heading">
        <h2 id="kept-list-heading" className="text-xl font-bold text-slate-900">
          Waiting to be sent
        </h2>
        <p className="mt-1 text-slate-700">
          These are sent automatically as soon as you are back online.
        </p>
        <ul className="mt-4 space-y-3" />
        <template>
          <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <span>
              <strong className="font-semibold" data-kind /> saved <span data-saved-at />
              <span className="block text-sm text-slate-700" data-summary />
            </span>
            <button
              type="button"
              className="min-h-11 rounded-md px-3 font-semibold text-amber-900 underline"
            >
              Delete it
            </button>
          </li>
        </template>
      </section>
      <section hidden data-saved-tracked aria-labelledby="tracked-heading">
        <h2 id="tracked-heading" className="text-xl font-bold text-slate-900">
          Your repair, as of <span data-saved-at />
        </h2>
        <p className="mt-1 text-slate-700">
          Saved on this phone when you last opened its tracking link. It updates when you open the
          link online.
        </p>
        <div className="mt-4" data-saved-card />
        <div className="mt-3 flex flex-wrap gap-4">
          <a
            href="/track-repair"
            data-saved-path
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Check for news
          </a>
          <button
            type="button"
            data-saved-remove
            className="min-h-11 font-semibold text-slate-700 underline"
          >
            Remove it from this phone
          </button>
        </div>
      </section>
    </div>
  );
}
