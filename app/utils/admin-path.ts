/** The staff side: its own layout, never counted as a visit to the public site. */
export const isAdminPath = (pathname: string) =>
  pathname === "/admin" || pathname.startsWith("/admin/");
