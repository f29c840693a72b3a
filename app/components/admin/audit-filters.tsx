import { inputClass } from "~/components/forms/field";
import type { AuditQuery } from "~/schemas/staff";
import { auditActionLabels, auditEntityLabels } from "~/schemas/staff";
import { FilterDate, FilterForm, FilterSelect } from "./filter-form";

function RecordFilter({ value }: { value?: string }) {
  return (
    <div className="min-w-40 flex-1">
      <label htmlFor="audit-record" className="block text-sm font-medium text-slate-800">
        Reference or number
      </label>
      <input
        id="audit-record"
        name="record"
        type="text"
        defaultValue={value ?? ""}
        placeholder="WF-00042"
        maxLength={30}
        className={inputClass}
      />
    </div>
  );
}

/**
 * Who, what kind of change, which record and which days: a GET form, so every view has its own URL.
 */
export function AuditFilters({
  query,
  staff,
}: {
  query: AuditQuery;
  staff: { id: number; username: string }[];
}) {
  const active = !!(
    query.staff ||
    query.action ||
    query.entity ||
    query.record ||
    query.from ||
    query.to
  );
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
      <RecordFilter value={query.record} />
      <FilterDate id="audit-from" name="from" label="From" value={query.from} />
      <FilterDate id="audit-to" name="to" label="To" value={query.to} />
    </FilterForm>
  );
}
