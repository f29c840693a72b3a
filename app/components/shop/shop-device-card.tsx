import { Link } from "react-router";
import { deviceIcons } from "~/components/public/device-icons";
import type { CategorySlug } from "~/config/shop";
import { gradeLabel } from "~/content/device-grades";
import type { ShopDevice } from "~/types/shop";
import { formatCents } from "~/utils/invoice-totals";
import { shopDevicePath } from "~/utils/shop-device";

/** "Apple iPhone 13 128 GB". */
export const deviceTitle = (device: Pick<ShopDevice, "brand" | "model" | "storage">) =>
  [device.brand, device.model, device.storage].filter(Boolean).join(" ");

/** The facts a customer compares: grade, colour, battery health and warranty. */
function factsOf(
  device: Pick<ShopDevice, "grade" | "colour" | "batteryHealth" | "warrantyMonths">,
): [string, string][] {
  return [
    ["Grade", gradeLabel(device.grade)],
    ...(device.colour ? [["Colour", device.colour] as [string, string]] : []),
    ...(device.batteryHealth !== null
      ? [["Battery health", `${device.batteryHealth}%`] as [string, string]]
      : []),
    [
      "Warranty",
      device.warrantyMonths
        ? `${device.warrantyMonths} month${device.warrantyMonths === 1 ? "" : "s"}`
        : "None (sold as is)",
    ],
  ];
}

/** The facts as a two-column list; `className` spaces and sizes it. */
export function DeviceFacts({
  device,
  className,
}: {
  device: Parameters<typeof factsOf>[0];
  className: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] ${className}`}>
      {factsOf(device).map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What stands in for a device's photos until staff add some: a drawing of its kind of device. */
export function NoPhoto({ category, className }: { category: CategorySlug; className: string }) {
  const Drawing = deviceIcons[category];
  return (
    <span className={`flex text-slate-400 ${className}`}>
      <Drawing />
    </span>
  );
}

/** One device in the listing: its photo, name, facts and price, all one link to its page. */
export function ShopDeviceCard({ device }: { device: ShopDevice }) {
  return (
    <li className="min-w-0">
      <Link
        to={shopDevicePath(device)}
        className="flex h-full flex-row overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-600 hover:shadow-md sm:flex-col"
      >
        {/* Beside the words on a phone, so a screen shows several devices; above them wider. */}
        <div className="flex w-28 shrink-0 items-center justify-center bg-slate-100 p-2 text-center sm:aspect-[4/3] sm:w-auto sm:p-0">
          {device.photo ? (
            <img
              src={`/photos/${device.photo}/thumb`}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          ) : (
            <NoPhoto category={device.category} className="text-7xl" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col p-3 sm:p-4">
          <h2 className="font-semibold text-slate-900">{deviceTitle(device)}</h2>
          <DeviceFacts device={device} className="mt-2 gap-x-3 gap-y-0.5 text-sm" />
          <p className="mt-auto pt-3 text-xl font-bold text-slate-900">
            {formatCents(device.priceCents)}
          </p>
        </div>
      </Link>
    </li>
  );
}
