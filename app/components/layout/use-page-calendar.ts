import { useRouteLoaderData } from "react-router";
import type { PageCalendar } from "~/types/shop-calendar";

/**
 * The calendar the root loader read for a public page (decision 0055): today to the end of the
 * booking window with the owner's closures and special hours; null when it could not be read.
 */
export const usePageCalendar = (): PageCalendar | null =>
  useRouteLoaderData<{ calendar: PageCalendar | null }>("root")?.calendar ?? null;
