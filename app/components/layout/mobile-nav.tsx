import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isCurrentItem, mainNavigation, type NavItem } from "~/config/navigation";
import { CloseIcon, MenuIcon } from "../icons";

function MenuLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const current = isCurrentItem(item, pathname);
  return (
    <Link
      to={item.to}
      aria-current={current ? "page" : undefined}
      className={`flex min-h-11 items-center rounded-md px-3 text-base font-medium ${current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {item.label}
    </Link>
  );
}

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
        className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100"
        aria-label="Menu"
      >
        <MenuIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:block" />
      </summary>
      <nav aria-label="Mobile" className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg">
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3">
          {mainNavigation.map((item) => (
            <li key={item.to}>
              <MenuLink item={item} pathname={location.pathname} />
              {item.children ? (
                <ul className="ml-4 border-l border-slate-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <MenuLink item={child} pathname={location.pathname} />
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
