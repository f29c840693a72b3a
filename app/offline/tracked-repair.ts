import { offlineDb } from "~/offline/offline-db";

/**
 * Keeps the repair this page shows, so it still reads offline ("as of" now); only on this phone.
 */
export async function keepTrackedRepair(path: string, booking: unknown) {
  await (await offlineDb()).put("tracked", { key: "last", path, booking, savedAt: Date.now() });
}

export async function trackedRepair() {
  return (await offlineDb()).get("tracked", "last");
}

export async function forgetTrackedRepair() {
  await (await offlineDb()).delete("tracked", "last");
}
