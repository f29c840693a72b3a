import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/lib/auth.server";
import { unavailableFor } from "~/lib/unavailable.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  return redirect("/admin/dashboard");
}
