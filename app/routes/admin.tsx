import type { MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet } from "@remix-run/react";
import { brand } from "~/config/shop";
import { pageTitle } from "~/lib/meta";

const menu = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/repairs", label: "Manage Repairs" },
  { to: "/admin/repair-items", label: "Manage Price List" },
];

export default function AdminLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="bg-slate-900 text-slate-200 md:w-60 md:shrink-0">
        <div className="flex items-center justify-between px-4 py-4 md:block">
          <Link to="/admin/dashboard" className="text-xl font-bold text-white">
            {brand.name} Admin
          </Link>
        </div>
        <nav aria-label="Admin">
          <ul className="flex gap-1 overflow-x-auto px-2 pb-3 md:flex-col md:pb-0">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "hover:bg-slate-800"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="flex-1 p-4 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Admin") }];
