import { formatCount as format } from "~/utils/count-format";

/**
 * A number that the page script counts up from zero once, the first time it scrolls into view.
 * The server and visitors without JavaScript or with reduced motion get the final value; screen
 * readers always read the final value, never the moving one.
 */
export function CountUp({ value, suffix }: { value: number; suffix: string }) {
  return (
    <>
      <span aria-hidden="true" className="tabular-nums" data-count-up={value} data-suffix={suffix}>
        {format(value, suffix)}
      </span>
      <span className="sr-only">{format(value, suffix)}</span>
    </>
  );
}
