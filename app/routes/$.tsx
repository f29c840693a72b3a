import { data, type MetaFunction } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/utils/meta";

/** Any URL no other route claims: a friendly 404 inside the layout. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Page not found") }];

export const ErrorBoundary = RouteErrorBoundary;
