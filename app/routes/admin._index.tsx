import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return redirect("/admin/dashboard");
}
