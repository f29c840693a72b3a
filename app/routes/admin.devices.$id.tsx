import { data, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Section } from "~/components/admin/repair-detail-sections";
import { RepairLines } from "~/components/admin/repair-lines";
import { deviceHistory } from "~/models/customer.server";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(async ({ params }) => {
  const id = parseRecordId(params.id);
  const history = id === undefined ? undefined : await deviceHistory(id);
  if (!history) throw data("Device not found.", { status: 404 });
  return history;
});

/** A device known by its IMEI or serial number, and every repair it came in for, whoever brought it. */
export default function DevicePage() {
  const { device, repairs } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">{device.name}</h1>
      <p className="mt-1 text-sm text-slate-700">
        {device.category} · {device.identifierLabel}:{" "}
        <span className="font-mono">{device.identifier}</span>
        {device.owner ? (
          <>
            {" "}
            · brought in last by{" "}
            <Link
              to={`/admin/customers/${device.owner.id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {device.owner.name}
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-6">
        <Section title="Repairs of This Device" id="device-repairs-heading">
          <RepairLines
            repairs={repairs.map((r) => ({ ...r, summary: `${r.issueType} · ${r.customer}` }))}
          />
        </Section>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.device.name : "Device") },
];

export const ErrorBoundary = AdminErrorBoundary;
