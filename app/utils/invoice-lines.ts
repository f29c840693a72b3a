import type { InvoiceLineKind } from "~/types/invoice";

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

/** What a line is for, as the draft form offers it and the bookkeeper's CSV names the item. */
export const lineKindLabels: Record<InvoiceLineKind, string> = {
  repair: "Repair",
  part: "Part",
  labour: "Labour",
  accessory: "Accessory",
  other: "Other",
  device: "Device",
};
