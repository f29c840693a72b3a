import { redirect, type LoaderFunctionArgs } from "react-router";
import { requireStaff } from "~/server/auth.server";
import { unavailableFor } from "~/server/unavailable.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request).catch(unavailableFor(context));
  return redirect("/admin/dashboard");
}
