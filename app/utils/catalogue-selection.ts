/**
 * The cascading choice of brand → series → model → repair, kept in the URL query. Choosing at
 * one level keeps the levels above it and clears those below: the server applies it when the
 * picker's GET form arrives.
 */

export const selectionLevels = ["brand", "series", "model", "repair"] as const;

export type SelectionLevel = (typeof selectionLevels)[number];
export type Selection = Partial<Record<SelectionLevel, string>>;

/** A form field carrying the value a level had when the page was rendered. */
export const previousField = (level: SelectionLevel) => `from_${level}`;

const clean = (value: string | null) => value?.trim() || undefined;

/**
 * What the query asks for. When it came from the form (it carries the previous values), the
 * first level that changed ends the selection, since everything below it was chosen for
 * something else. Unknown names are left for the catalogue to reject.
 */
export function readSelection(params: URLSearchParams): Selection {
  const selection: Selection = {};
  for (const level of selectionLevels) {
    const value = clean(params.get(level));
    const previous = previousField(level);
    if (value) selection[level] = value;
    if (params.has(previous) && clean(params.get(previous)) !== value) break;
  }
  return selection;
}

/** "?brand=…&series=…" in level order, or "" when nothing is chosen. */
export function selectionSearch(selection: Selection): string {
  const params = new URLSearchParams();
  for (const level of selectionLevels) {
    const value = selection[level];
    if (value) params.set(level, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * Whether a query string ("?brand=…") is exactly what `selectionSearch` writes for the selection
 * it names: levels only, in order, encoded one way. Each selection has one such address.
 */
export const isPlainSelectionSearch = (search: string) =>
  selectionSearch(readSelection(new URLSearchParams(search))) === search &&
  [...new URLSearchParams(search).keys()].every((name) =>
    (selectionLevels as readonly string[]).includes(name),
  );

/** True when the query is exactly the plain form of `selection`: no form leftovers, no rejected names. */
export function isCanonical(params: URLSearchParams, selection: Selection): boolean {
  return selectionLevels.every((level) => {
    if (params.has(previousField(level))) return false;
    const value = params.get(level);
    return value === null ? !selection[level] : value === selection[level];
  });
}

/** The selector's anchors: the device choice, the repair list and the chosen repair's summary. */
export const selectorStep = {
  device: "step-device",
  repair: "step-repair",
  summary: "summary",
} as const;

/**
 * Where the selector should open for `selection`: at the next choice to make, or at the summary
 * once a repair is chosen. Every choice loads the page again, which lands here rather than at the
 * top.
 */
export function nextStep(selection: Selection): (typeof selectorStep)[keyof typeof selectorStep] {
  if (selection.repair) return selectorStep.summary;
  return selection.model ? selectorStep.repair : selectorStep.device;
}
