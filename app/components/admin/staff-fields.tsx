import { roleNames, staffRoles } from "~/schemas/staff";

export function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {roleNames[role]}
    </option>
  ));
}

/** The `generate` choice of the schemas' withPasswordChoice: ticked, a typed password is ignored. */
export function GeneratePasswordBox({ label }: { label: string }) {
  return (
    <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name="generate"
        value="on"
        className="h-4 w-4 rounded border-slate-400"
      />
      {label}
    </label>
  );
}
