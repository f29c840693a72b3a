/// <reference lib="webworker" />
import { copiedFormPaths, keylessCopy, withKey } from "~/offline/form-copies";
import { makePhoneKey } from "~/utils/phone-made-key";

const formCopies = "forms";

/** A form waits this long for the network on a weak signal before the phone's copy opens. */
const networkWaitMs = 4_000;

const pause = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a form page on the phone as anyone would get it (no cookie: no toast, no session), without
 * its submission key (decision 0061).
 */
async function keepFormCopy(path: string) {
  const response = await fetch(path, { credentials: "omit" });
  if (response.status !== 200 || response.type !== "basic") return;
  const copy = keylessCopy(await response.text());
  if (copy === undefined) return;
  const headers = new Headers(response.headers);
  // The body was decoded, and its length changes with the key.
  headers.delete("content-encoding");
  headers.delete("content-length");
  await (await caches.open(formCopies)).put(path, new Response(copy, { headers }));
}

/** Both forms kept (at install, so that they open offline before the visitor opened them online). */
export const keepFormCopies = () =>
  Promise.all(copiedFormPaths.map((path) => keepFormCopy(path).catch(() => undefined)));

/** The kept copy, opened with a key the phone made, never the key of an earlier visit. */
async function openCopy(path: string) {
  const kept = await (await caches.open(formCopies)).match(path);
  if (!kept) return undefined;
  return new Response(withKey(await kept.text(), makePhoneKey()), { headers: kept.headers });
}

/**
 * A form page: from the network when it answers within `networkWaitMs` (with the server's key,
 * and the copy refreshed behind it), else the phone's copy (bare, whatever the query); without
 * either, the network's failure (the offline page).
 */
export async function openFormPage(
  request: Request,
  url: URL,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  const fromNetwork = fetch(request);
  try {
    const answered = await Promise.race([fromNetwork, pause(networkWaitMs)]);
    if (answered) {
      if (answered.ok && url.search === "")
        waitUntil(keepFormCopy(url.pathname).catch(() => undefined));
      return answered;
    }
  } catch {
    // No connection: the copy.
  }
  return (await openCopy(url.pathname)) ?? fromNetwork;
}
