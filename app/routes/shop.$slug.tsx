import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { JsonLd } from "~/components/public/json-ld";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ReservationForm } from "~/components/shop/reservation-form";
import { DeviceFacts, deviceTitle, NoPhoto } from "~/components/shop/shop-device-card";
import { address, brand, contact, trade } from "~/config/shop";
import { gradeItemCondition, gradeTexts } from "~/content/device-grades";
import { shopDevice } from "~/models/shop-listing.server";
import type { ShopDeviceDetail } from "~/types/shop";
import { answerReservationForm } from "~/routes/reservation-form.server";
import { reservationSchema } from "~/schemas/reservation";
import { publicOrigin } from "~/server/env.server";
import { issueFormKey } from "~/server/submission.server";
import { unavailableFor } from "~/server/unavailable.server";
import { formatCents } from "~/utils/invoice-totals";
import { privatePageHeaders } from "~/utils/private-page";
import { reissuedKey } from "~/utils/reissued-key";
import { errorMeta, pageMeta } from "~/utils/seo";
import { publicIdOfSlug, shopDevicePath } from "~/utils/shop-device";

const constraint = getZodConstraint(reservationSchema);

/** The device the address names, or the 404 every unknown or unlisted id gets. */
async function deviceOf(slug: string | undefined) {
  const publicId = publicIdOfSlug(slug ?? "");
  const device = publicId ? await shopDevice(publicId) : undefined;
  if (!device) throw data("Device not found.", { status: 404 });
  return device;
}

/*
 * A device for sale: its photos, what its grade means, warranty and price, and "Reserve for
 * pickup". Read on every request (a sold or reserved device says so at once); the reservation
 * form's key is the visitor's own, so the page is never kept by any cache.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const device = await deviceOf(params.slug).catch(unavailableFor(context));
  const path = shopDevicePath(device);
  // An old or shortened address (the model's words changed) leads to the one page.
  if (`/shop/${params.slug}` !== path) throw redirect(path, 301);
  return { device, path, submissionKey: issueFormKey(), constraint, origin: publicOrigin() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const publicId = publicIdOfSlug(params.slug ?? "");
  if (!publicId) throw data("Device not found.", { status: 404 });
  return answerReservationForm(publicId, await request.formData(), context);
}

export const headers = privatePageHeaders;

const availabilityUrls = {
  available: "https://schema.org/InStock",
  reserved: "https://schema.org/OutOfStock",
  sold: "https://schema.org/SoldOut",
} as const;

/** schema.org Product with its Offer, for search engines. */
function productJsonLd(device: ShopDeviceDetail, origin: string, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: deviceTitle(device),
    brand: { "@type": "Brand", name: device.brand },
    model: device.model,
    ...(device.colour ? { color: device.colour } : {}),
    ...(device.description ? { description: device.description } : {}),
    ...(device.photos.length
      ? { image: device.photos.map((photo) => `${origin}/photos/${photo.publicId}`) }
      : {}),
    offers: {
      "@type": "Offer",
      url: `${origin}${path}`,
      price: (device.priceCents / 100).toFixed(2),
      priceCurrency: "CAD",
      availability: availabilityUrls[device.availability],
      itemCondition: gradeItemCondition(device.grade),
      seller: { "@type": "Organization", name: brand.name },
      ...(device.warrantyMonths
        ? {
            warranty: {
              "@type": "WarrantyPromise",
              durationOfWarranty: {
                "@type": "QuantitativeValue",
                value: device.warrantyMonths,
                unitCode: "MON",
              },
            },
          }
        : {}),
    },
  };
}

export default function ShopDevicePage() {
  const { device, path, submissionKey, constraint, origin } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const grade = gradeTexts[device.grade];
  const [cover, ...others] = device.photos;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:pt-8">
      <JsonLd data={productJsonLd(device, origin, path)} />
      <p className="text-sm">
        <Link to="/shop" className="inline-block py-1 font-semibold text-brand-700 hover:underline">
          All devices for sale
        </Link>
      </p>
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-label="Photos" className="min-w-0">
          {cover ? (
            <>
              <img
                src={`/photos/${cover.publicId}`}
                alt={cover.caption ?? deviceTitle(device)}
                width={cover.width}
                height={cover.height}
                className="h-auto w-full rounded-xl bg-slate-100 object-contain"
              />
              {others.length ? (
                <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
                  {others.map((photo) => (
                    <li key={photo.publicId} className="min-w-0">
                      <a href={`/photos/${photo.publicId}`}>
                        <img
                          src={`/photos/${photo.publicId}/thumb`}
                          alt={photo.caption ?? `Another photo of the ${deviceTitle(device)}`}
                          loading="lazy"
                          className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <div className="flex aspect-[2/1] flex-col items-center justify-center gap-3 rounded-xl bg-slate-100 p-4 text-center lg:aspect-[4/3]">
              <NoPhoto category={device.category} className="text-8xl sm:text-9xl" />
              <p data-testid="no-photos" className="max-w-sm text-sm text-slate-700">
                {device.availability === "available"
                  ? "No photos of this one yet. Reserving costs nothing: see it at the counter before you pay."
                  : "No photos of this one."}
              </p>
            </div>
          )}
        </section>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
            {deviceTitle(device)}
          </h1>
          <p className="mt-2 text-3xl font-bold text-slate-900">
            {formatCents(device.priceCents)}
            <span className="ml-2 text-sm font-normal text-slate-600">plus HST</span>
          </p>
          {device.availability !== "available" ? (
            <p
              role="status"
              data-testid="availability"
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900"
            >
              {device.availability === "sold"
                ? "Sold. This device has found a new home."
                : "Reserved. Someone is picking this device up; if they don't, it goes back on sale."}
            </p>
          ) : null}
          <DeviceFacts device={device} className="mt-4 gap-x-4 gap-y-1" />
          {device.description ? (
            <p className="mt-4 whitespace-pre-line text-slate-800">{device.description}</p>
          ) : null}
          <section className="mt-6 rounded-xl bg-slate-50 p-4">
            <h2 className="font-semibold text-slate-900">What &ldquo;{grade.label}&rdquo; means</h2>
            <p className="mt-1 text-slate-800">{grade.meaning}</p>
            <h2 className="mt-4 font-semibold text-slate-900">Warranty</h2>
            <p className="mt-1 text-slate-800">
              {device.warrantyMonths
                ? `${device.warrantyMonths} months from the day you buy it: if it stops working through no accident of yours, we repair or replace it. Keep your receipt.`
                : "Sold as it is, without a warranty."}
            </p>
          </section>
          {device.availability === "available" ? (
            <section aria-labelledby="reserve-heading" className="mt-8">
              <h2 id="reserve-heading" className="text-xl font-bold text-slate-900">
                Reserve for pickup
              </h2>
              <p className="mt-1 text-slate-700">
                We hold it for {trade.reservationHours} hours at {address.street}, {address.city}.
                You pay when you pick it up; reserving costs nothing.
              </p>
              <div className="mt-4">
                <ReservationForm
                  submissionKey={reissuedKey(answer) ?? submissionKey}
                  lastResult={answer?.result}
                  constraint={constraint}
                />
              </div>
            </section>
          ) : (
            <p className="mt-8 text-slate-700">
              Looking for one like it? Call us at{" "}
              <a href={contact.phone.href} className="font-semibold text-brand-700 hover:underline">
                {contact.phone.display}
              </a>{" "}
              or see the{" "}
              <Link to="/shop" className="font-semibold text-brand-700 hover:underline">
                other devices
              </Link>
              .
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return errorMeta("Device not found");
  const { device, origin, path } = data;
  return pageMeta({
    title: `${deviceTitle(device)}, ${gradeTexts[device.grade].label}`,
    description: `${deviceTitle(device)} in ${gradeTexts[device.grade].label.toLowerCase()} condition for ${formatCents(device.priceCents)}, with ${device.warrantyMonths} months' warranty. Reserve online, pick up at our ${address.city} shop.`,
    origin,
    path,
  });
};

export const ErrorBoundary = RouteErrorBoundary;
