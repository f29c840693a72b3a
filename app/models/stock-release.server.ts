import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "#db/client";
import { invoiceLines, stockDevices } from "#db/schema";
import { recordAudit } from "~/models/audit.server";

/**
 * Puts devices an invoice sold back on sale (its device lines taken off a draft, or the invoice
 * voided), in the caller's transaction, each audited. Only a device still marked sold changes.
 */
export async function releaseSoldDevices(
  tx: Transaction,
  invoiceId: number,
  staffId: number,
  stockDeviceIds?: number[],
) {
  const onInvoice = tx
    .select({ id: invoiceLines.stockDeviceId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, "device")));
  const released = await tx
    .update(stockDevices)
    .set({
      state: "for_sale",
      soldAt: null,
      version: sql`${stockDevices.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(stockDevices.state, "sold"),
        inArray(stockDevices.id, onInvoice),
        stockDeviceIds ? inArray(stockDevices.id, stockDeviceIds) : undefined,
      ),
    )
    .returning({ id: stockDevices.id, publicId: stockDevices.publicId, model: stockDevices.model });
  for (const device of released)
    await recordAudit(tx, staffId, {
      action: "stock.unsell",
      entity: "stock_device",
      entityId: device.id,
      summary: `${device.model} (${device.publicId}) back for sale: taken off invoice #${invoiceId}`,
    });
  return released.length;
}
