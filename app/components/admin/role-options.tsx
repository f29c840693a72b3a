import { staffRoles } from "~/schemas/staff";

export const roleNames = { owner: "Owner", staff: "Staff" } as const;

export function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {roleNames[role]}
    </option>
  ));
}
