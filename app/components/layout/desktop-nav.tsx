import { NavLink } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { mainNavigation, type NavItem } from "~/config/navigation";
import { ChevronDownIcon } from "../icons";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-brand-700"
  }`;

/** Escape closes the open dropdown by moving focus off it. */
function closeOnEscape(event: KeyboardEvent<HTMLLIElement>) {
  if (event.key === "Escape" && document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

/**
 * Opens on hover and on keyboard focus, closes 200 ms after the pointer leaves. Pure CSS, so it
 * behaves the same with and without JavaScript, and its links are reachable by Tab either way.
 */
function Dropdown({ item }: { item: NavItem }) {
  return (
    <li className="group relative" onKeyDown={closeOnEscape}>
      <NavLink to={item.to} end className={(state) => `${linkClass(state)} inline-flex items-center gap-1`} aria-haspopup="true">
        {item.label}
        <ChevronDownIcon className="transition-transform group-hover:rotate-180 group-focus-within:rotate-180" />
      </NavLink>
      <div
        data-testid="services-dropdown"
        className="invisible absolute left-0 top-full z-50 pt-2 opacity-0 transition-[opacity,visibility] delay-200 duration-150 group-focus-within:visible group-focus-within:opacity-100 group-focus-within:delay-0 group-hover:visible group-hover:opacity-100 group-hover:delay-0"
      >
        <ul className="w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {item.children?.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

export function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {mainNavigation.map((item) =>
          item.children ? (
            <Dropdown key={item.to} item={item} />
          ) : (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
