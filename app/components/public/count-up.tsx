import { useEffect, useRef, useState } from "react";

const durationMs = 1500;

/**
 * A number that counts up from zero once, the first time it scrolls into view. The server and
 * visitors without JavaScript or with reduced motion get the final value; screen readers always
 * read the final value, never the moving one.
 */
export function CountUp({ value, suffix }: { value: number; suffix: string }) {
  const element = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);

  useEffect(() => {
    const target = element.current;
    if (
      !target ||
      window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
      !("IntersectionObserver" in window)
    )
      return;
    let frame = 0;
    setShown(0);
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min((now - start) / durationMs, 1);
        setShown(Math.round(value * (1 - (1 - progress) ** 3)));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);

  const format = (n: number) => `${n.toLocaleString("en-CA")}${suffix}`;
  return (
    <>
      <span ref={element} aria-hidden="true" className="tabular-nums">
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </>
  );
}
