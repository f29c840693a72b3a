import type { LoaderFunctionArgs } from "react-router";
import { readPhoto } from "~/models/photo.server";
import { readShopPhotoSize } from "~/models/shop-photo.server";
import { requireStaff } from "~/server/auth.server";
import {
  photoNotFound,
  photoResponse,
  photoSizeNamed,
  photoVariant,
  shopPhotoSizeResponse,
} from "~/server/photo-response.server";
import { unavailableFor } from "~/server/unavailable.server";

/*
 * A stored photo (decision 0043), `/photos/:publicId` and `/photos/:publicId/thumb`. A repair's
 * photos are for signed-in staff only, whether or not the customer sees them: the customer's copy
 * is served under their secret tracking link (track-repair_.$token_.photos.$publicId.ts). A shop
 * photo marked shown is public, and so are its sizes for the public pages, `/photos/:publicId/
 * 800.avif` (decision 0062), and so is a device for sale's (kind `stock`, shown on /shop). Anyone else gets the same 404 as for a photo that does not exist.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const variant = photoVariant(params.variant);
  const publicId = params.publicId ?? "";
  const size = photoSizeNamed(params.variant);
  if (size) {
    const sized = await readShopPhotoSize(publicId, size.width, size.format).catch(
      unavailableFor(context),
    );
    if (!sized) throw photoNotFound();
    return shopPhotoSizeResponse(request, sized, publicId, size);
  }
  if (!variant) throw photoNotFound();
  const file = await readPhoto(publicId, variant).catch(unavailableFor(context));
  if (!file) throw photoNotFound();
  const isPublic = file.bookingId === null && (file.showCustomer || file.kind === "stock");
  if (!isPublic) {
    // A visitor without a live session gets the 404, not the login page.
    const staff = await requireStaff(request)
      .catch((error: unknown) => {
        if (error instanceof Response) return undefined;
        throw error;
      })
      .catch(unavailableFor(context));
    if (!staff) throw photoNotFound();
  }
  return photoResponse(request, file, publicId, variant);
}
