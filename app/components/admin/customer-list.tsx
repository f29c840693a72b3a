import { Link } from "react-router";
import type { CustomerListItem } from "~/types/customers";

/** Customers as lines: name (to their record), contacts, and how many repairs, latest when. */
export function CustomerList({ items, label }: { items: CustomerListItem[]; label: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label={label}>
      {items.map((item) => (
        <li
          key={item.id}
          data-testid="customer-row"
          className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <Link
              to={`/admin/customers/${item.id}`}
              className="inline-flex min-h-6 items-center font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline"
            >
              {item.name}
            </Link>
            <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
              {[...item.phones, ...item.emails].join(" · ") || "No contact"}
            </p>
          </div>
          <p className="shrink-0 text-sm text-slate-600">
            <RepairCount customer={item} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "3 repairs, last Nov 27, 2026": a customer's repairs, as their lines and cards say it. */
export function RepairCount({ customer }: { customer: CustomerListItem }) {
  return (
    <>
      {customer.repairs} {customer.repairs === 1 ? "repair" : "repairs"}
      {customer.lastRepair ? `, last ${customer.lastRepair}` : ""}
    </>
  );
}
