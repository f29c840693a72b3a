import { deviceCategories, urgencies } from "~/config/shop";
import { bookingStatuses, statusLabels } from "~/utils/booking-status";
import type { RepairListQuery } from "~/schemas/admin-filters";
import { FilterDate, FilterForm, FilterSearch, FilterSelect } from "./filter-form";

/**
 * The repair list's filters: a GET form, so every choice is in the URL and works without
 * JavaScript.
 */
export function RepairListFilters({ query }: { query: RepairListQuery }) {
  const active = !!(
    query.q ||
    query.status ||
    query.category ||
    query.urgency ||
    query.from ||
    query.to
  );
  return (
    <FilterForm submitLabel="Search" clearTo="/admin/repairs" active={active}>
      <FilterSearch
        id="repairs-q"
        label="Search"
        value={query.q}
        placeholder="Reference, name, phone, e-mail, IMEI, device, issue or note"
      />
      <FilterSelect
        id="repairs-status"
        name="status"
        label="Status"
        value={query.status}
        allLabel="All statuses"
        options={bookingStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
      />
      <FilterSelect
        id="repairs-category"
        name="category"
        label="Device"
        value={query.category}
        allLabel="All devices"
        options={deviceCategories.map((category) => ({
          value: category.slug,
          label: category.shortName,
        }))}
      />
      <FilterSelect
        id="repairs-urgency"
        name="urgency"
        label="Urgency"
        value={query.urgency}
        allLabel="Any urgency"
        options={urgencies.map((urgency) => ({ value: urgency.value, label: urgency.label }))}
      />
      <fieldset className="col-span-2 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <legend className="sr-only">Date range</legend>
        <FilterSelect
          id="repairs-dates"
          name="dates"
          label="Dates by"
          value={query.dates}
          options={[
            { value: "appointment", label: "Appointment" },
            { value: "created", label: "Created" },
          ]}
        />
        <FilterDate id="repairs-from" name="from" label="From" value={query.from} />
        <FilterDate id="repairs-to" name="to" label="To" value={query.to} />
      </fieldset>
      {/* Filtering keeps the chosen order; the page starts again at 1. */}
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
    </FilterForm>
  );
}
