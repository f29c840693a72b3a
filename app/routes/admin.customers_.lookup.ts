import { lookupCustomer } from "~/models/customer.server";
import { customerLookupSchema } from "~/schemas/customer";
import { staffLoader } from "~/server/staff-route.server";
import { privateCacheControl } from "~/utils/private-page";

/**
 * GET /admin/customers/lookup?phone=…&email=…: the known customer the walk-in form's phone or
 * e-mail names, with their devices, as JSON for the form's script (`{ match: null }` when none).
 * The form without JavaScript finds them with its own "Find customer" button instead.
 */
export const loader = staffLoader(async ({ request }) => {
  const parsed = customerLookupSchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const match = parsed.success ? await lookupCustomer(parsed.data) : undefined;
  return Response.json(
    { match: match ?? null },
    { status: parsed.success ? 200 : 400, headers: { "cache-control": privateCacheControl } },
  );
});
