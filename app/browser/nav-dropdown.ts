/**
 * The header's dropdowns (components/layout/desktop-nav.tsx) open on focus, in CSS; Escape closes
 * the open one by moving focus off it.
 */
export function navDropdown(page: Document) {
  for (const dropdown of page.querySelectorAll<HTMLElement>("[data-nav-dropdown]"))
    dropdown.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && page.activeElement instanceof HTMLElement)
        page.activeElement.blur();
    });
}
