import { Link, useLocation } from "react-router";
import { isCurrentItem, mainNavigation, type NavItem } from "~/config/navigation";
import { ChevronDownIcon } from "../icons";

/** A link marked current on its own page and, for a section, on the pages inside it. */
function NavItemLink({
  item,
  pathname,
  className = "",
}: {
  item: NavItem;
  pathname: string;
  className?: string;
}) {
  return (
    <Link
      to={item.to}
      aria-current={isCurrentItem(item, pathname) ? "page" : undefined}
      aria-haspopup={item.children ? "true" : undefined}
      className={`nav-link ${className}`}
    >
      {item.label}
      {item.children ? (
        <ChevronDownIcon className="ml-1 transition-transform group-focus-within:rotate-180 group-hover:rotate-180" />
      ) : null}
    </Link>
  );
}

/**
 * Opens on hover and on keyboard focus, closes 200 ms after the pointer leaves. Pure CSS, so it
 * behaves the same with and without JavaScript, and its links are reachable by Tab either way;
 * with JavaScript, Escape closes it too (app/browser/nav-dropdown.ts).
 */
function Dropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  return (
    <li className="group relative" data-nav-dropdown>
      <NavItemLink item={item} pathname={pathname} />
      <div data-testid="services-dropdown" className="nav-dropdown">
        <ul className="w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {item.children?.map((child) => (
            <li key={child.to}>
              <NavItemLink item={child} pathname={pathname} className="flex w-full" />
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

export function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {mainNavigation.map((item) =>
          item.children ? (
            <Dropdown key={item.to} item={item} pathname={pathname} />
          ) : (
            <li key={item.to}>
              <NavItemLink item={item} pathname={pathname} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
