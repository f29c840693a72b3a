import { isRouteErrorResponse, useRouteError } from "react-router";
import { useEffect } from "react";
import { unavailableData } from "~/components/error-page";
import { useToast } from "~/components/toaster";

export function errorMessage(error: unknown): string {
  const unavailable = unavailableData(error);
  if (unavailable) return `${unavailable.message} (reference ${unavailable.requestId})`;
  if (isRouteErrorResponse(error))
    return typeof error.data === "string" && error.data ? error.data : error.statusText;
  return "An unexpected error occurred. Please try again later.";
}

/** A staff page that failed: "Error: …" in red where its content would be, and the Error toast. */
export function AdminErrorBoundary() {
  const message = errorMessage(useRouteError());
  const { show } = useToast();
  useEffect(
    () => show({ type: "destructive", title: "Error", description: message }),
    [show, message],
  );
  return (
    <p
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-700"
    >
      Error: {message}
    </p>
  );
}
