/** The most lines one invoice takes: a counter sale of many accessories, not a warehouse. */
export const invoiceLinesMax = 30;

/** The draft form's numbered fields of line `n` (1-based): flat names, as every admin form has. */
export const lineFieldNames = (n: number) =>
  ({
    kind: `kind${n}`,
    description: `description${n}`,
    quantity: `quantity${n}`,
    unitPrice: `unitPrice${n}`,
    remove: `remove${n}`,
  }) as const;
