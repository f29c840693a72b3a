import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React runs in the browser: controls that only work with
 * JavaScript render behind it, so a visitor without it never sees a button that does nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
