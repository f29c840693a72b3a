import { redirect } from "react-router";
import { staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(async () => {
  return redirect("/admin/dashboard");
});
