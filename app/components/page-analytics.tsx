import { useLocation, useMatches, useNavigationType, type Location } from "react-router";
import { useEffect, useRef } from "react";
import { isAdminPath } from "~/utils/admin-path";
import { measureWebVitals, queueView, refineView } from "~/utils/analytics-beacon";

const notFoundRoute = "routes/$";

/**
 * Reports client-side navigations to public pages and measures the page that was loaded. The
 * document load itself is counted by the server, so the first render reports no view.
 */
export function PageAnalytics() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const leafRoute = useMatches().at(-1)?.id;
  const previous = useRef<Location | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (isAdminPath(location.pathname)) return;
    const path = location.pathname + location.search;
    if (!before) {
      measureWebVitals(path);
      return;
    }
    if (before.key === location.key || leafRoute === notFoundRoute) return;
    // A jump to an anchor on the same page is not another view.
    if (
      before.pathname === location.pathname &&
      before.search === location.search &&
      before.hash !== location.hash
    )
      return;
    if (navigationType === "REPLACE" && before.pathname === location.pathname) refineView(path);
    else queueView(path);
  }, [location, navigationType, leafRoute]);
  return null;
}
