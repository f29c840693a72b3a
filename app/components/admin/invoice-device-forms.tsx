import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { InputField, inputClass } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import type { InvoiceView } from "~/types/invoice";
import type { CounterDevice } from "~/types/shop";
import { formatCents } from "~/utils/invoice-totals";
import type { InvoiceAnswer } from "./invoice-panel";
import { primaryButton, secondaryButton } from "./ui";

/**
 * A draft's device lines: each sold a device for sale when it was added; Take off puts the device
 * back on sale. Not part of the draft's line form, so saving the draft never touches them.
 */
export function InvoiceDeviceLines({
  invoice,
  answer,
}: {
  invoice: InvoiceView;
  answer?: InvoiceAnswer;
}) {
  const { form } = useFormReply(answer?.result);
  const devices = invoice.lines.filter((line) => line.stockDeviceId !== null);
  if (!devices.length) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">Devices sold on this invoice</h3>
      {answer ? <ErrorSummary form={form} /> : null}
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
        {devices.map((line) => (
          <li
            key={line.stockDeviceId}
            className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {line.description}
              <span className="ml-2 font-medium tabular-nums">{formatCents(line.unitCents)}</span>
            </span>
            <Form method="post" {...(answer ? form.props : {})}>
              <input type="hidden" name="intent" value="remove_device" />
              <input type="hidden" name="version" value={invoice.version} />
              <input type="hidden" name="stockDeviceId" value={line.stockDeviceId ?? ""} />
              <button type="submit" className={secondaryButton}>
                Take off<span className="sr-only"> {line.description}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Sells a device for sale on the draft: typed or picked by its shop id, IMEI or serial (the list
 * is the browser's own, so it works without JavaScript); one held for a customer only with their
 * reservation's reference.
 */
export function AddDeviceForm({
  version,
  devices,
  answer,
}: {
  version: number;
  devices: CounterDevice[];
  answer?: InvoiceAnswer;
}) {
  const { form, field } = useFormReply<{ device: string; reservation: string }>(answer?.result);
  const device = field("device");
  return (
    <Form
      method="post"
      className="mt-4 space-y-3 rounded-md border border-slate-200 p-3"
      aria-labelledby="add-device-heading"
      {...form.props}
    >
      <h3 id="add-device-heading" className="text-sm font-semibold text-slate-900">
        Add a device for sale
      </h3>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="add_device" />
      <input type="hidden" name="version" value={version} />
      <InputField
        field={device}
        label="Device: shop id, IMEI or serial number"
        hint={
          devices.length
            ? "Start typing, or pick one from the list."
            : "No devices are for sale right now."
        }
        required
        inputProps={{ list: "counter-devices", autoComplete: "off", className: inputClass }}
      />
      <datalist id="counter-devices">
        {devices.map((one) => (
          <option key={one.publicId} value={one.publicId} label={one.label}>
            {one.label}
          </option>
        ))}
      </datalist>
      <InputField
        field={field("reservation")}
        label="Reservation reference (a reserved device only)"
        inputProps={{ autoComplete: "off", placeholder: "R-", className: inputClass }}
      />
      <SubmitButton label="Add device and mark sold" pendingLabel="Adding…" look={primaryButton} />
    </Form>
  );
}
