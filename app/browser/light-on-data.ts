type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/**
 * Whether the visitor's browser asks the site to go easy on data: Save-Data (data saver) is on,
 * or it measures a slow connection (2G or 3G speeds).
 */
export function isLightOnData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData) || /^(slow-2g|2g|3g)$/.test(connection?.effectiveType ?? "");
}
