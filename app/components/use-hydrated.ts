import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React runs in the browser: controls that only work with
 * JavaScript render behind it, so a visitor without it never sees a button that does nothing.
 * React renders the server's value while hydrating and the browser's right after, with no effect
 * setting state (one render fewer); a component first shown after hydration gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
