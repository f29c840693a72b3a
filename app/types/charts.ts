/** A bar of a chart or a row of its table: a label and how many (dashboard and analytics). */
export type CountRow = { label: string; count: number };
