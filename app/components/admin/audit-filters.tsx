import { inputClass } from "~/components/forms/field";
import type { AuditQuery } from "~/schemas/staff";
import { auditActionLabels, auditEntityLabels } from "~/schemas/staff";
import { FilterForm, FilterSelect } from "./filter-form";

function TextFilter({ id, name, label, type, value, placeholder }: { id: string; name: string; label: string; type: "text" | "date"; value?: string; placeholder?: string }) {
  return (
    <div className={type === "text" ? "min-w-40 flex-1" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} placeholder={placeholder} maxLength={type === "text" ? 30 : undefined} className={inputClass} />
    </div>
  );
}

/** Who, what kind of change, which record and which days: a GET form, so every view has its own URL. */
export function AuditFilters({ query, staff }: { query: AuditQuery; staff: { id: number; username: string }[] }) {
  const active = !!(query.staff || query.action || query.entity || query.record || query.from || query.to);
  return (
    <FilterForm submitLabel="Filter" clearTo="/admin/audit" active={active}>
      <FilterSelect
        id="audit-staff"
        name="staff"
        label="Staff member"
        value={query.staff ? String(query.staff) : undefined}
        allLabel="Everyone"
        options={staff.map((one) => ({ value: String(one.id), label: one.username }))}
      />
      <FilterSelect
        id="audit-action"
        name="action"
        label="Change"
        value={query.action}
        allLabel="All changes"
        options={Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }))}
      />
      <FilterSelect
        id="audit-entity"
        name="entity"
        label="Record kind"
        value={query.entity}
        allLabel="All records"
        options={Object.entries(auditEntityLabels).map(([value, label]) => ({ value, label }))}
      />
      <TextFilter id="audit-record" name="record" label="Reference or number" type="text" value={query.record} placeholder="WF-00042" />
      <TextFilter id="audit-from" name="from" label="From" type="date" value={query.from} />
      <TextFilter id="audit-to" name="to" label="To" type="date" value={query.to} />
    </FilterForm>
  );
}
