import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { mainNavigation } from "~/config/navigation";
import { CloseIcon, MenuIcon } from "../icons";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-base font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;

/**
 * A <details> element, so the menu opens and closes without JavaScript; a full page load closes
 * it then, and with JavaScript a client-side navigation closes it here.
 */
export function MobileNav() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <details ref={menu} className="group lg:hidden">
      <summary
        className="inline-flex cursor-pointer items-center justify-center rounded-md p-2 text-2xl text-slate-700 hover:bg-slate-100"
        aria-label="Menu"
      >
        <MenuIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:block" />
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-lg">
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3">
          {mainNavigation.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClass}>
                {item.label}
              </NavLink>
              {item.children ? (
                <ul className="ml-4 border-l border-slate-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <NavLink to={child.to} className={linkClass}>
                        {child.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
