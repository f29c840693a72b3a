import { roleNames, staffRoles } from "~/schemas/staff";
import { roleSummaries } from "~/utils/staff-permissions";

export function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {roleNames[role]}
    </option>
  ));
}

/** What each role may do, beside every place the owner chooses one. */
export function RoleGuide() {
  return (
    <dl className="grid gap-1 text-xs text-slate-600">
      {staffRoles.map((role) => (
        <div key={role}>
          <dt className="inline font-semibold text-slate-800">{roleNames[role]}:</dt>{" "}
          <dd className="inline">{roleSummaries[role]}</dd>
        </div>
      ))}
    </dl>
  );
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
