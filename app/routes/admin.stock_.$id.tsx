import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { z } from "zod";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { panel, primaryButton, secondaryButton } from "~/components/admin/ui";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { useActionToast } from "~/components/toaster";
import { StockFields } from "~/components/trade/stock-fields";
import { StockPhotosPanel } from "~/components/trade/stock-photos";
import { stockDevice } from "~/models/stock-device.server";
import { stockAction } from "~/routes/stock-form.server";
import { stockPhotoUploadSchema } from "~/schemas/photo";
import { stockSchema } from "~/schemas/stock-device";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { formatCents, plainDollars } from "~/utils/invoice-totals";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { formatLongDate, shopToday } from "~/utils/shop-time";
import { stockStateWords } from "~/utils/trade-words";

const notFound = () => data("That device is not in the stock.", { status: 404 });

async function deviceFor(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const device = id === undefined ? undefined : await stockDevice(id);
  if (!device) throw notFound();
  return device;
}

export const loader = staffLoader(
  async ({ params }) => {
    const device = await deviceFor(params.id);
    return {
      device: { ...device, acquiredOn: shopToday(device.acquiredAt) },
      today: shopToday(),
      constraint: getZodConstraint(stockSchema),
      photoConstraint: getZodConstraint(stockPhotoUploadSchema),
    };
  },
  { may: "buyDevices" },
);

/** Save the details, or move it between Refurbishing and For sale. */
export const action = staffAction(
  async ({ request, context, staff, params }) =>
    stockAction(request, context, staff, (await deviceFor(params.id)).id),
  { may: "buyDevices" },
);

const label = (d: { brand: string; model: string; storage: string }) =>
  [d.brand, d.model, d.storage].filter(Boolean).join(" ");

/** The move this device's state allows from here, if any. */
function MoveForm({
  device,
  today,
}: {
  device: { state: string; version: number; availableFrom: string | null };
  today: string;
}) {
  if (device.state !== "refurbishing" && device.state !== "for_sale") return null;
  const listing = device.state === "refurbishing";
  const held = listing && device.availableFrom !== null && device.availableFrom > today;
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="version" value={device.version} />
      <input type="hidden" name="to" value={listing ? "for_sale" : "refurbishing"} />
      <SubmitButton
        label={listing ? "Put up for sale" : "Back to refurbishing"}
        pendingLabel="Moving…"
        look={listing ? primaryButton : secondaryButton}
      />
      {held ? (
        <p className="text-sm text-slate-700">
          On hold until {formatLongDate(device.availableFrom!)}.
        </p>
      ) : null}
    </Form>
  );
}

export default function StockDevicePage() {
  const { device, today, constraint, photoConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const saveReply =
    actionData?.intent === "save" && !("stale" in actionData && actionData.stale)
      ? actionData.result
      : undefined;
  const { form, field } = useFormReply<z.input<typeof stockSchema>>(saveReply, {
    constraint,
    defaultValue: {
      category: device.category,
      brand: device.brand,
      model: device.model,
      storage: device.storage,
      colour: device.colour ?? "",
      identifier: device.imei ?? device.serialNumber ?? "",
      grade: device.grade,
      batteryHealth: device.batteryHealth === null ? "" : String(device.batteryHealth),
      price: plainDollars(device.priceCents),
      cost: plainDollars(device.costCents),
      warrantyMonths: String(device.warrantyMonths),
      description: device.description,
    },
  });
  const refusal = actionData && !saveReply ? actionData.result.error?.[""]?.[0] : undefined;
  return (
    <>
      <h1 className="text-2xl font-bold break-words text-slate-900">{label(device)}</h1>
      <p className="mt-1 text-slate-700">
        {stockStateWords[device.state]} · in stock since {formatLongDate(device.acquiredOn)}
        {device.soldCents !== null ? ` · sold for ${formatCents(device.soldCents)}` : ""}
        {device.purchaseId ? (
          <>
            {" · "}
            <Link
              to={`/admin/purchases/${device.purchaseId}/record`}
              className="text-brand-700 underline"
            >
              purchase record
            </Link>
          </>
        ) : null}
      </p>
      <section aria-labelledby="state-heading" className={`${panel} mt-6`}>
        <h2 id="state-heading" className="text-lg font-semibold text-slate-900">
          State
        </h2>
        {refusal ? (
          <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
        <MoveForm device={device} today={today} />
      </section>
      <StockPhotosPanel device={device} constraint={photoConstraint} className="mt-6" />
      <section aria-labelledby="details-heading" className={`${panel} mt-6`}>
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
          Details
        </h2>
        <Form method="post" className="mt-4 space-y-4" key={device.version} {...form.props}>
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={device.version} />
          <StockFields field={field} />
          <SubmitButton label="Save device" pendingLabel="Saving…" look={primaryButton} />
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? label(loaded.device) : "Stock device") },
];

export const ErrorBoundary = AdminErrorBoundary;
