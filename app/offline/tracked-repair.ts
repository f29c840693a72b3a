import { offlineDb } from "~/offline/offline-db";

/**
 * Keeps the repair this page shows (its card's HTML), so it still reads offline ("as of" now);
 * only on this phone.
 */
export async function keepTrackedRepair(path: string, card: string) {
  await (await offlineDb()).put("tracked", { key: "last", path, card, savedAt: Date.now() });
}

export async function trackedRepair() {
  return (await offlineDb()).get("tracked", "last");
}

export async function forgetTrackedRepair() {
  await (await offlineDb()).delete("tracked", "last");
}
