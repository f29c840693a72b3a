import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { PhotoPlaceSection, type PlaceReply } from "~/components/admin/shop-photo-place";
import { ErrorSummary, messagesSummary } from "~/components/forms/error-summary";
import { useActionToast } from "~/components/toaster";
import { shopPhotoAddSchema, shopPhotoEditSchema } from "~/schemas/shop-photos";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { shopPhotoAction } from "~/routes/shop-photo-form.server";
import { photoPlaceViews } from "~/routes/shop-photo-view.server";
import { pageTitle } from "~/utils/meta";

/*
 * The shop's own photos on the public pages (docs/decisions/0062), for the owner and managers:
 * each place's photos, added, described, replaced, put in order and removed, with or without
 * JavaScript. The forms that carry a photo stream their body (server/photo-upload.ts).
 */

export const loader = staffLoader(
  async () => ({
    places: await photoPlaceViews(),
    constraints: {
      add: getZodConstraint(shopPhotoAddSchema),
      edit: getZodConstraint(shopPhotoEditSchema),
    },
  }),
  { may: "manageSettings", unavailable: "Failed to load the shop's photos." },
);

export const action = staffAction(
  ({ request, context, staff }) => shopPhotoAction(request, context, staff),
  { may: "manageSettings" },
);

/** After a refusal because a place changed meanwhile (409), the page shows it as it is now. */
export const shouldRevalidate = reloadAfterRefusal;

export default function ShopPhotosPage() {
  const { places, constraints } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  useActionToast(outcome?.toast);
  const reply = outcome && "target" in outcome ? (outcome as PlaceReply) : undefined;
  // An upload refused before its fields were read is for no form in particular.
  const unplaced = outcome && !reply ? outcome.result?.error?.[""] : undefined;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Shop Photos</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Photos of the shop, the bench and the team on the public pages. Until a place has a photo,
        the site shows its drawing. A change shows on the site at once.
      </p>
      {unplaced ? (
        <div className="mt-4 max-w-prose">
          <ErrorSummary form={messagesSummary("shop-photos-error", unplaced)} />
        </div>
      ) : null}
      <nav aria-label="Places" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {places.map((place) => (
            <li key={place.name}>
              <a
                href={`#place-${place.name}`}
                className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 font-medium text-brand-800 hover:bg-brand-50"
              >
                {place.label}
                <span className="text-slate-600"> · {place.photos.length || "drawing"}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid max-w-6xl gap-6">
        {places.map((place) => (
          <PhotoPlaceSection
            key={place.name}
            place={place}
            constraints={constraints}
            reply={reply?.target.place === place.name ? reply : undefined}
          />
        ))}
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Shop Photos") }];

export const ErrorBoundary = AdminErrorBoundary;
