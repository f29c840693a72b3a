/** The staff side: its own layout, never counted as a visit to the public site. */
export const isAdminPath = (pathname: string) =>
  pathname === "/admin" || pathname.startsWith("/admin/");

/** The Hours & Closures page, which its forms post to and come back to. */
export const hoursPath = "/admin/hours";
