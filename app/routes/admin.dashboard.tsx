import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/lib/meta";

export default function AdminDashboardPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Dashboard") }];
