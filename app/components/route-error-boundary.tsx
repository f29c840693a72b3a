import { useRouteError } from "react-router";
import { ErrorPage } from "./error-page";

/** A page's errors render inside the site layout, so the visitor keeps the navigation. */
export function RouteErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
