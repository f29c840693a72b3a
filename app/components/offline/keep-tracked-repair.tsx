import { useLocation } from "react-router";
import { useEffect, useState } from "react";

/**
 * Keeps the repair this page shows on the phone, so the visitor can read it offline, and says so
 * with a way to remove it. Only with JavaScript; nothing is kept without it.
 */
export function KeepTrackedRepair({ booking }: { booking: unknown }) {
  const { pathname } = useLocation();
  const [kept, setKept] = useState(false);
  useEffect(() => {
    void import("~/offline/tracked-repair")
      .then((store) => store.keepTrackedRepair(pathname, booking))
      .then(
        () => setKept(true),
        () => undefined,
      );
  }, [pathname, booking]);
  if (!kept) return null;
  const remove = async () => {
    await (await import("~/offline/tracked-repair")).forgetTrackedRepair();
    setKept(false);
  };
  return (
    <p className="mt-6 text-sm text-slate-600">
      A copy is kept on this phone so you can read it offline.{" "}
      <button
        type="button"
        onClick={() => void remove()}
        className="min-h-6 font-semibold text-brand-700 underline"
      >
        Remove it from this phone
      </button>
    </p>
  );
}
