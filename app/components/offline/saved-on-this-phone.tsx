import { useEffect, useState } from "react";
import { TrackedBookingCard } from "~/components/tracking/tracked-booking-card";
import { timeSlots } from "~/config/shop";
import type { QueuedSubmission, TrackedSnapshot } from "~/offline/offline-db";
import { formatLongDate, isValidDate } from "~/utils/shop-time";
import type { TrackedBooking } from "~/types/tracking";

const savedAt = (time: number) =>
  new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(time),
  );

const kinds = { booking: "Booking", contact: "Message" } as const;

const field = (kept: QueuedSubmission, name: string) =>
  kept.fields.find(([key]) => key === name)?.[1] ?? "";

function keptSummary(kept: QueuedSubmission) {
  if (kept.form === "contact") return field(kept, "message").slice(0, 80);
  const device =
    [field(kept, "deviceBrand"), field(kept, "deviceModel")].filter(Boolean).join(" ") ||
    field(kept, "deviceCategory");
  const date = field(kept, "preferredDate");
  const time = timeSlots.find((slot) => slot.value === field(kept, "preferredTime"))?.label;
  return [device, isValidDate(date) ? formatLongDate(date) : "", time].filter(Boolean).join(" · ");
}

/**
 * What this phone keeps of the visitor's own: submissions waiting for a connection and the last
 * repair tracked through its secret link ("as of" when it was saved). Each can be removed here;
 * none of it ever leaves the phone except to be sent to the shop.
 */
export function SavedOnThisPhone() {
  const [kept, setKept] = useState<QueuedSubmission[]>([]);
  const [tracked, setTracked] = useState<TrackedSnapshot>();
  const [loaded, setLoaded] = useState(false);

  const load = async () => {
    const [queue, repair] = await Promise.all([
      import("~/offline/submission-queue"),
      import("~/offline/tracked-repair"),
    ]);
    setKept(await queue.keptSubmissions());
    setTracked(await repair.trackedRepair());
    setLoaded(true);
  };
  // eslint-disable-next-line react-hooks/set-state-in-effect -- it sets state only after awaiting the phone's storage
  useEffect(() => void load().catch(() => setLoaded(true)), []);

  const forgetKept = async (id: string) => {
    await (await import("~/offline/submission-queue")).forgetSubmission(id);
    await load();
  };
  const forgetTracked = async () => {
    await (await import("~/offline/tracked-repair")).forgetTrackedRepair();
    await load();
  };

  if (!loaded || (!kept.length && !tracked)) return null;
  return (
    <div className="space-y-8">
      {kept.length ? (
        <section aria-labelledby="kept-list-heading">
          <h2 id="kept-list-heading" className="text-xl font-bold text-slate-900">
            Waiting to be sent
          </h2>
          <p className="mt-1 text-slate-700">
            These are sent automatically as soon as you are back online.
          </p>
          <ul className="mt-4 space-y-3">
            {kept.map((one) => (
              <li
                key={one.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
              >
                <span>
                  <strong className="font-semibold">{kinds[one.form]}</strong> saved{" "}
                  {savedAt(one.queuedAt)}
                  <span className="block text-sm text-slate-700">{keptSummary(one)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => void forgetKept(one.id)}
                  className="min-h-11 rounded-md px-3 font-semibold text-amber-900 underline"
                >
                  Delete it
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {tracked ? (
        <section aria-labelledby="tracked-heading">
          <h2 id="tracked-heading" className="text-xl font-bold text-slate-900">
            Your repair, as of {savedAt(tracked.savedAt)}
          </h2>
          <p className="mt-1 text-slate-700">
            Saved on this phone when you last opened its tracking link. It updates when you open the
            link online.
          </p>
          <div className="mt-4">
            <TrackedBookingCard booking={tracked.booking as TrackedBooking} />
          </div>
          <div className="mt-3 flex flex-wrap gap-4">
            <a
              href={tracked.path}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              Check for news
            </a>
            <button
              type="button"
              onClick={() => void forgetTracked()}
              className="min-h-11 font-semibold text-slate-700 underline"
            >
              Remove it from this phone
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
