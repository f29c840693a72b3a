import { gradeLabel } from "~/content/device-grades";
import { ShopLetterhead } from "~/components/receipt/shop-letterhead";
import type { PurchaseRecordView } from "~/types/purchase-record";
import { formatDeviceIdentifier } from "~/utils/device-identifier";
import { formatCents } from "~/utils/invoice-totals";
import { maskedId } from "~/utils/seller-id";
import { formatShopDateTime } from "~/utils/shop-time";
import { signatureBox } from "~/utils/signature-path";
import { payoutWords, sellerDeclaration, sellerIdTypeWords } from "~/utils/trade-words";

/**
 * The printed purchase record the seller takes away: the shop, the seller with the ID masked, the
 * device, the grade, the amount and payout (with why it is below the online offer) and the
 * declaration as signed.
 */
export function PurchaseRecord({ purchase }: { purchase: PurchaseRecordView }) {
  const identifier = purchase.imei
    ? formatDeviceIdentifier({ kind: "imei", value: purchase.imei })
    : purchase.serialNumber;
  const rows: [string, string][] = [
    ["Date", formatShopDateTime(purchase.createdAt)],
    ["Seller", purchase.sellerName],
    ["Phone", purchase.sellerPhone],
    ["ID", `${sellerIdTypeWords[purchase.idType]} ${maskedId(purchase.idNumberLast4)}`],
    [
      "Device",
      [purchase.brand, purchase.model, purchase.storage, purchase.colour]
        .filter(Boolean)
        .join(" · "),
    ],
    [purchase.imei ? "IMEI" : "Serial number", identifier ?? ""],
    ["Grade", gradeLabel(purchase.grade)],
    [
      "Blocklist check",
      `Not blocklisted (Device Check Canada), checked by ${purchase.checkedBy ?? "staff"} on ${formatShopDateTime(purchase.blocklistCheckedAt)}`,
    ],
  ];
  if (purchase.offeredCents !== null)
    rows.push([
      "Online offer",
      `${formatCents(purchase.offeredCents)}${purchase.offerReference ? ` (${purchase.offerReference})` : ""}`,
    ]);
  rows.push(["Amount paid", formatCents(purchase.paidCents)]);
  if (purchase.lowerReason) rows.push(["Why less than the offer", purchase.lowerReason]);
  rows.push([
    "Paid by",
    `${payoutWords[purchase.payoutMethod]}${purchase.payoutReference ? `, reference ${purchase.payoutReference}` : ""}`,
  ]);
  return (
    <article
      data-testid="purchase-record"
      className="mx-auto bg-white p-4 text-sm text-slate-900 shadow sm:p-6 print:p-0 print:shadow-none"
    >
      <ShopLetterhead />
      <h2 className="mt-3 text-base font-bold">Purchase record · No. {purchase.id}</h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-4 border-t border-slate-300 pt-3">
        <h3 className="font-bold">Seller&apos;s declaration</h3>
        <p className="mt-1">{sellerDeclaration}</p>
        {purchase.signature ? (
          <svg
            role="img"
            aria-label={`Signature of ${purchase.declarationName}`}
            viewBox={`0 0 ${signatureBox.width} ${signatureBox.height}`}
            className="mt-2 block aspect-[3/1] w-full max-w-xs border-b border-slate-400"
          >
            <path
              d={purchase.signature}
              fill="none"
              stroke="#0f172a"
              strokeWidth={3}
              strokeLinecap="round"
            />
          </svg>
        ) : null}
        <p className="mt-2">
          Signed: <span className="font-semibold">{purchase.declarationName}</span> on{" "}
          {formatShopDateTime(purchase.declaredAt)}
        </p>
      </section>
    </article>
  );
}
