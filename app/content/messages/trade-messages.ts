/** What the staff pages of the buyback grid and the offers say. */
export const tradeMessages = {
  rowNotFound: "That buyback grid row is not there any more.",
  rowAdded: "Buyback price added.",
  rowUpdated: "Buyback price updated.",
  rowDeleted: "Buyback price deleted.",
  rowDuplicate: "The grid already has this device with this storage. Edit that row instead.",
  rowChangedMeanwhile: "This row was changed while you had it open, so nothing was saved.",
  rowDeletedMeanwhile: (byWhom: string) =>
    `This row was deleted${byWhom} while you had it open, so nothing was saved. Add it again if you still need it.`,
  rowAlreadyDeleted: (byWhom: string) => `This row was already deleted${byWhom}.`,
  rowChangedBeforeDelete:
    "This row was changed while you had it open, so it was not deleted. Check it and delete again if you still want to.",
  saveFailed: "The grid could not be saved just now. Please try again.",
  importNoFile: "Please choose a CSV file to import.",
  importTooBig: "That file is too big for a buyback grid (the most is 1 MB).",
  importRefused: "Nothing was imported: fix these lines and import the file again.",
  imported: (added: number, updated: number, unchanged: number) =>
    `Grid imported: ${added} added, ${updated} changed, ${unchanged} unchanged.`,
  offerNotFound: "That trade-in offer was not found.",
  offerNotOpen: "This offer is no longer open, so it was left as it is.",
  offerClosed: (reference: string, status: string) => `Offer ${reference} marked ${status}.`,
} as const;
