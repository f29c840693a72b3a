import type { LoaderFunctionArgs } from "react-router";
import { readCustomerPhoto } from "~/models/photo.server";
import { photoNotFound, photoResponse, photoVariant } from "~/server/photo-response.server";
import { unavailableFor } from "~/server/unavailable.server";

/*
 * A repair's photo as its customer sees it on the tracking page: only through the secret link,
 * only while staff show it (decision 0043). Any other token, photo or state is the same 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const variant = photoVariant(params.variant);
  const publicId = params.publicId ?? "";
  if (!variant) throw photoNotFound();
  const file = await readCustomerPhoto(params.token ?? "", publicId, variant).catch(
    unavailableFor(context),
  );
  if (!file) throw photoNotFound();
  return photoResponse(request, file, publicId, variant);
}
