import { Link, useLocation } from "react-router";
import { isCurrentItem, mainNavigation, type NavItem } from "~/config/navigation";
import { CloseIcon, MenuIcon } from "../icons";

function MenuLink({ item, pathname }: { item: NavItem; pathname: string }) {
  return (
    <Link
      to={item.to}
      aria-current={isCurrentItem(item, pathname) ? "page" : undefined}
      className="menu-link"
    >
      {item.label}
    </Link>
  );
}

/**
 * A <details> element, so the menu opens and closes without JavaScript; choosing a page loads
 * it, which closes the menu.
 */
export function MobileNav() {
  const location = useLocation();
  return (
    <details className="group lg:hidden">
      <summary
        className="icon-button cursor-pointer rounded-md text-2xl text-slate-700 hover:bg-slate-100"
        aria-label="Menu"
      >
        <MenuIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:block" />
      </summary>
      <nav aria-label="Mobile" className="menu-panel">
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3">
          {mainNavigation.map((item) => (
            <li key={item.to}>
              <MenuLink item={item} pathname={location.pathname} />
              {item.children ? (
                <ul className="ml-4 border-l border-slate-200 pl-2">
                  {(item.phoneChildren ?? item.children).map((child) => (
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
