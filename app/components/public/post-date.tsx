const longDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });

/** A YYYY-MM-DD date as "July 15, 2025", the same on the server and in the browser. */
export function PostDate({ date }: { date: string }) {
  return <time dateTime={date}>{longDate.format(new Date(`${date}T00:00:00Z`))}</time>;
}
