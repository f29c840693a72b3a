import { useRouteLoaderData } from "react-router";
import type { StaffRoleName } from "~/schemas/staff";
import { may, type Permission } from "~/utils/staff-permissions";

/**
 * Whether the signed-in staff member's role may do this, from the admin layout's loader: pages
 * hide what the server would refuse (app/server/staff-route.server.ts).
 */
export function useMay(permission: Permission): boolean {
  const layout = useRouteLoaderData<{ role: StaffRoleName }>("routes/admin");
  return !!layout && may(layout.role, permission);
}
