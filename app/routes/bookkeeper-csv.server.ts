import { invoicing } from "~/config/shop";
import { issuedInvoiceLines, paymentsReceived } from "~/models/day-close.server";
import { bookkeeperRangeSchema } from "~/schemas/day-close";
import { csvResponse, type CsvValue } from "~/utils/csv";
import { lineKindLabels } from "~/utils/invoice-lines";
import { paymentMethodLabel } from "~/utils/payment-methods";
import { shopToday } from "~/utils/shop-time";

/*
 * The bookkeeper's files (docs/decisions/0066): the invoices issued and the payments received over
 * shop dates `?from=` to `?to=`, in the columns QuickBooks Online's import maps by itself. Money in
 * dollars with two decimals, dates as YYYY-MM-DD on the shop's calendar.
 */

/** A customer QuickBooks needs a name for: a counter sale made out to no one. */
const customerOf = (name: string) => name || "Counter sale";

type Rows = AsyncIterable<readonly CsvValue[]>;

async function* invoiceRows(from: string, to: string): Rows {
  yield [
    "InvoiceNo",
    "Customer",
    "InvoiceDate",
    "DueDate",
    "Item(Product/Service)",
    "ItemDescription",
    "ItemQuantity",
    "ItemRate",
    "ItemAmount",
    "ItemTaxCode",
  ];
  const lines = await issuedInvoiceLines(from, to);
  for (const [index, line] of lines.entries()) {
    // Due on receipt: the counter's invoices are paid when the device is collected.
    const head = [line.number, customerOf(line.customerName), shopToday(line.issuedAt!)];
    const cents = line.quantity * line.unitCents;
    yield [
      ...head,
      head[2],
      lineKindLabels[line.kind],
      line.description,
      line.quantity,
      { cents: line.unitCents },
      { cents },
      line.taxable ? invoicing.bookkeeperTaxCode : "Exempt",
    ];
    // The invoice's discount follows its last line, as a line of its own taken off.
    const last = lines[index + 1]?.number !== line.number;
    if (last && line.discountCents > 0)
      yield [
        ...head,
        head[2],
        "Discount",
        line.discountReason ?? "Discount",
        1,
        { cents: -line.discountCents },
        { cents: -line.discountCents },
        invoicing.bookkeeperTaxCode,
      ];
  }
}

async function* paymentRows(from: string, to: string): Rows {
  yield ["Date", "InvoiceNo", "Customer", "Method", "Amount", "Reference", "Deposit"];
  for (const payment of await paymentsReceived(from, to))
    yield [
      shopToday(payment.receivedAt),
      payment.number,
      customerOf(payment.customerName),
      paymentMethodLabel(payment.method),
      { cents: payment.amountCents },
      payment.reference,
      payment.deposit ? "Yes" : "No",
    ];
}

/** One of the two files for the request's range; a range that is no range is a 400 saying why. */
export function bookkeeperCsv(request: Request, file: "invoices" | "payments") {
  const parsed = bookkeeperRangeSchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success)
    return new Response(parsed.error.issues[0]!.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { from, to } = parsed.data;
  const name = from === to ? `${file}-${from}.csv` : `${file}-${from}-to-${to}.csv`;
  return csvResponse(name, file === "invoices" ? invoiceRows(from, to) : paymentRows(from, to));
}
