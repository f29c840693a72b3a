/**
 * Where a floating toast goes: at the bottom on a phone (top right, under the header, on wider
 * screens), or at the other end when it would cover the focused control or a visible submit
 * button there; always clear of the site header with its logo and menu. Loaded once the page is
 * interactive, apart from the page's own JavaScript, since only a toast shown later needs it.
 */
function placeToast(region: HTMLElement) {
  // React removes a dismissed toast before its effect's cleanup stops the following, so a frame
  // or scroll can still arrive for an empty region.
  const toast = region.lastElementChild;
  if (!toast) return;
  const card = toast.getBoundingClientRect();
  const nearTop =
    Math.max(0, document.querySelector("body > header")?.getBoundingClientRect().bottom ?? 0) + 12;
  const nearBottom =
    innerHeight - card.height - 12 - parseFloat(getComputedStyle(region).paddingBottom);
  const guarded = [...document.querySelectorAll(":focus, form [type=submit]")]
    .filter((element) => !region.contains(element))
    .map((element) => element.getBoundingClientRect());
  const free = (top: number) =>
    !guarded.some(
      (rect) =>
        rect.left < card.right &&
        rect.right > card.left &&
        rect.top < top + card.height &&
        rect.bottom > top,
    );
  const ends = innerWidth < 640 ? [nearBottom, nearTop] : [nearTop, nearBottom];
  region.style.top = `${ends.find(free) ?? ends[0]}px`;
  region.style.bottom = "auto";
  region.dataset.placed = "";
}

/** Places the toast now and again whenever focus moves or the page scrolls; returns the stop. */
export function followPlacement(region: HTMLElement) {
  let frame = 0;
  const placeSoon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => placeToast(region));
  };
  placeToast(region);
  addEventListener("focusin", placeSoon);
  addEventListener("scroll", placeSoon, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    removeEventListener("focusin", placeSoon);
    removeEventListener("scroll", placeSoon);
    region.style.top = region.style.bottom = "";
    delete region.dataset.placed;
  };
}
