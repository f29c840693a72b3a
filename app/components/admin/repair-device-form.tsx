import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { InputField } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { repairDeviceSchema } from "~/schemas/customer";
import type { DeviceLine } from "~/types/customers";
import type { ChangedMeanwhile } from "~/types/repairs";
import { SaveRefused } from "./changed-meanwhile";

/**
 * The repair's IMEI or serial number, with a link to the device's history and the customer's
 * record, and a form to set or correct it carrying the repair's version (decision 0039).
 */
export function RepairDeviceForm({
  customerId,
  device,
  version,
  constraint,
  lastResult,
  conflict,
}: {
  customerId: number | null;
  device: DeviceLine | null;
  version: number;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
}) {
  const { form, field } = useFormReply<z.input<typeof repairDeviceSchema>>(lastResult, {
    constraint,
    defaultValue: { deviceIdentifier: device?.fill.deviceIdentifier ?? "" },
  });
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {customerId ? (
          <Link
            to={`/admin/customers/${customerId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            Customer record
          </Link>
        ) : null}
        {device ? (
          <Link
            to={`/admin/devices/${device.id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            Device history ({device.identifierLabel} {device.identifier})
          </Link>
        ) : null}
      </p>
      <Form method="post" className="space-y-3" {...form.props}>
        <input type="hidden" name="intent" value="device" />
        <input type="hidden" name="version" value={conflict?.version ?? version} />
        <SaveRefused form={form} conflict={conflict} />
        <InputField
          field={field("deviceIdentifier")}
          label="IMEI or serial number"
          hint="15 digits for an IMEI (dial *#06#), or the serial number. Empty clears it."
          inputProps={{ type: "text", autoComplete: "off", spellCheck: false }}
        />
        <SubmitButton label="Save IMEI or Serial" pendingLabel="Saving..." />
      </Form>
    </div>
  );
}
