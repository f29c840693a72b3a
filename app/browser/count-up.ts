import { formatCount } from "~/utils/count-format";

const durationMs = 1500;

/**
 * The About page's figures (components/public/count-up.tsx) count up from zero, easing out, the
 * first time each scrolls into view; not under reduced motion. Only the aria-hidden copy moves.
 */
export function countUp(page: Document) {
  const numbers = page.querySelectorAll<HTMLElement>("[data-count-up]");
  if (
    !numbers.length ||
    matchMedia("(prefers-reduced-motion: reduce)").matches ||
    !("IntersectionObserver" in window)
  )
    return;
  for (const number of numbers) {
    const value = Number(number.dataset.countUp);
    const show = (n: number) => (number.textContent = formatCount(n, number.dataset.suffix ?? ""));
    show(0);
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min((now - start) / durationMs, 1);
        show(Math.round(value * (1 - (1 - progress) ** 3)));
        if (progress < 1) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    observer.observe(number);
  }
}
