import { lazy, Suspense, useEffect, useState } from "react";

const OfflineCenter = lazy(() => import("./offline-center"));

/**
 * The offline side of the site (service worker, kept submissions) loads after the page, when the
 * browser is idle: none of it is in the page's first JavaScript. Without JavaScript nothing of it
 * exists, and the site works as it always has.
 */
export function OfflineCenterWhenIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const later = () => setIdle(true);
    if (!("requestIdleCallback" in window)) return void setTimeout(later, 1000);
    const id = requestIdleCallback(later, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <OfflineCenter />
    </Suspense>
  ) : null;
}
